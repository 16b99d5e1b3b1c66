import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllMessages } from '../../i18n/index.ts';

// The dialog, the proof's hashing (SHA-256) and its words are fetched when first wanted (from the first touch of
// the button), so the assets screen carries only the button.
const loadDialog = withAllMessages(() => import('./ReservesProofDialog.tsx'));
const ReservesProofDialog = lazy(loadDialog);

/** The assets screen's entry to the proof of reserves: "Check that my balance is included". */
export function ReservesProofLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-quiet"
        onPointerDown={() => void loadDialog()}
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
