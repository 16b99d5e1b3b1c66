import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.tsx';

/** Shown when a screen fails to load or render; a reload usually fetches the missing chunk. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="app-column">
      <EmptyState title={t('errors.500')} text={t('errors.network')}>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    </main>
  );
}
