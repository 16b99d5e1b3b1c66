import { SUBMODES, type TSubmode } from '@aidf/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';

// The form and its decimal arithmetic are fetched when the dialog first opens: the home screen shows only the button.
const PledgeForm = lazy(async () => ({ default: (await import('./PledgeForm.tsx')).PledgeForm }));

/**
 * A button that opens the stake dialog ('00') or the freeze-AIDF pledge dialog ('16'); closing it unmounts the
 * form, so its inputs reset (SPEC.md point 4).
 */
export function PledgeLauncher({ submode, className = 'button' }: { submode: TSubmode; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const frozen = submode === SUBMODES.frozen;
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        data-testid={frozen ? 'open-frozen-pledge' : 'open-pledge'}
      >
        {t(frozen ? 'pledge.openFrozen' : 'pledge.open')}
      </button>
      {open && (
        <Dialog
          title={t(frozen ? 'pledge.frozenTitle' : 'pledge.title')}
          onClose={() => setOpen(false)}
          testId={frozen ? 'frozen-pledge-dialog' : 'pledge-dialog'}
        >
          <Suspense fallback={<Spinner />}>
            <PledgeForm submode={submode} onDone={() => setOpen(false)} />
          </Suspense>
        </Dialog>
      )}
    </>
  );
}
