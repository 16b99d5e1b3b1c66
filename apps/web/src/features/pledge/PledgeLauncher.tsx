import { SUBMODES, type TSubmode } from '@aidf/contract';
import { Suspense, useState } from 'react';
import { withAllMessages } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { preloadable, preloadLater } from '../../lib/preloadable.tsx';

// The dialog, its form and their decimal arithmetic are their own chunk, fetched once the first screen has settled
// or from the first touch of the button, whichever comes first, so it opens at once: the home screen itself shows
// only the button.
const dialog = preloadable(withAllMessages(() => import('./PledgeDialog.tsx')));
const PledgeDialog = dialog.Component;
preloadLater(dialog);

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
        onPointerDown={() => void dialog.preload().catch(() => {})}
        onClick={() => setOpen(true)}
        data-testid={frozen ? 'open-frozen-pledge' : 'open-pledge'}
      >
        {t(frozen ? 'home.pledgeOpenFrozen' : 'home.pledgeOpen')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PledgeDialog submode={submode} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
