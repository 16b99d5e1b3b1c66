import { useTranslation } from '../i18n/use-translation.ts';
import { formatDateTime } from '../lib/format.ts';

/** "Transfers and withdrawals are paused until {time} after a security change", in the user's language. */
export function SecurityHoldNotice({ until }: { until: number }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="notice" role="status" data-testid="security-hold">
      {t('securityHold.paused', { time: formatDateTime(until, i18n.language) })}
    </p>
  );
}
