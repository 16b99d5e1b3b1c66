import { Suspense, useState } from 'react';
import { withAllMessages } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { preloadable, preloadLater } from '../../lib/preloadable.tsx';

// The dialog, the proof's hashing (SHA-256) and its words are their own chunk, fetched once the first screen has
// settled or from the first touch of the button: the assets screen carries only the button, and the dialog still
// opens at once.
const dialog = preloadable(withAllMessages(() => import('./ReservesProofDialog.tsx')));
const ReservesProofDialog = dialog.Component;
preloadLater(dialog);

/** The assets screen's entry to the proof of reserves: "Check that my balance is included". */
export function ReservesProofLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-quiet"
        onPointerDown={() => void dialog.preload().catch(() => {})}
        onClick={() => setOpen(true)}
        data-testid="open-reserves-proof"
      >
        {t('reserves.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReservesProofDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
