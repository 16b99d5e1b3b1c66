import { SUBMODES, type TSubmode } from '@aidf/contract';
import { Dialog } from '../../components/Dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PledgeForm } from './PledgeForm.tsx';

/** The stake dialog ('00') or the freeze-AIDF pledge dialog ('16') with its form. */
export default function PledgeDialog({ submode, onClose }: { submode: TSubmode; onClose: () => void }) {
  const { t } = useTranslation();
  const frozen = submode === SUBMODES.frozen;
  return (
    <Dialog
      title={t(frozen ? 'pledge.frozenTitle' : 'pledge.title')}
      onClose={onClose}
      testId={frozen ? 'frozen-pledge-dialog' : 'pledge-dialog'}
    >
      <PledgeForm submode={submode} onDone={onClose} />
    </Dialog>
  );
}
