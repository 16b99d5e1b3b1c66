import { EmptyState } from '../components/EmptyState.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { retryConnection } from '../lib/connection.ts';

/** A cloud struck through: no connection. */
function OfflineIcon() {
  return (
    <svg
      width={36}
      height={36}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M7 18h10.5a3.5 3.5 0 0 0 .9-6.9A6 6 0 0 0 7.3 9.2 4.5 4.5 0 0 0 7 18z" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/**
 * In place of the screen while the API cannot be reached (lib/connection.ts): the app itself started from the
 * service worker's copy, or the network went away. The screen behind keeps what was typed into it.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="offline-screen">
      <EmptyState title={t('offline.title')} text={t('offline.text')} icon={<OfflineIcon />}>
        <button type="button" className="button" onClick={retryConnection}>
          {t('common.retry')}
        </button>
      </EmptyState>
    </div>
  );
}
