import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { BellIcon } from '../../components/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { UNREAD_KEY, UNREAD_REFRESH_MS } from './notifications-api.ts';

/** The header's bell: the inbox, with the count of unread items (shown up to 99+); only when signed in. */
export function NotificationBell() {
  const { t } = useTranslation();
  const session = useSession();
  const call = useApi();
  const signedIn = Boolean(session.isLogin && session.userInfo);
  const unread = useQuery({
    queryKey: UNREAD_KEY,
    enabled: signedIn,
    queryFn: () => call('notificationUnread', {}),
    refetchInterval: UNREAD_REFRESH_MS,
  });
  if (!signedIn) return null;
  const count = unread.data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      className="icon-button bell"
      aria-label={t('header.notifications', { count })}
      data-testid="header-bell"
    >
      <BellIcon width={22} height={22} />
      {count > 0 && (
        <span className="bell-count" data-testid="bell-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
