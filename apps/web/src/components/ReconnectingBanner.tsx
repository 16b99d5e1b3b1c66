import { useTranslation } from '../i18n/use-translation.ts';
import { useReconnecting } from '../lib/connection.ts';

/**
 * Under the header while the API is being reached again (lib/connection.ts): the screen stays usable and its reads
 * retry by themselves; the banner goes with the first answer. A live region, so a screen reader says it once.
 */
export function ReconnectingBanner() {
  const { t } = useTranslation();
  const reconnecting = useReconnecting();
  return (
    <div className="reconnecting-slot" role="status" aria-live="polite">
      {reconnecting && (
        <div className="reconnecting-banner" data-testid="reconnecting">
          <span className="reconnecting-dot" aria-hidden="true" />
          {t('reconnect.banner')}
        </div>
      )}
    </div>
  );
}
