import type { TNotification } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { INBOX_KEY, UNREAD_KEY } from './notifications-api.ts';
import './notifications.css';

/** One inbox item's text in the interface language; addresses, amounts and names stay left-to-right. */
function NoticeText({ notice }: { notice: TNotification }) {
  const { t } = useTranslation();
  // The kind's text names its own params (amount, currency, from…): looked up by the kind the server sent.
  const text = (t as unknown as (key: string, params: Record<string, string>) => string)(
    `notifications.kind.${notice.kind}`,
    notice.params,
  );
  return <span className="notice-text">{text}</span>;
}

/** The inbox (docs/user-guide.md "Inbox"): newest first, unread ones marked; opening one marks it read. */
export default function InboxScreen() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const inbox = useQuery({
    queryKey: INBOX_KEY,
    queryFn: () => call('notificationList', { params: { pageNum: '1', pageSize: '100' } }),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: INBOX_KEY }),
      queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
    ]);
  const readOne = useMutation({
    mutationFn: (id: string) => call('notificationRead', { params: { id } }),
    onSettled: refresh,
  });
  const readAll = useMutation({ mutationFn: () => call('notificationReadAll', {}), onSettled: refresh });
  if (!inbox.data) return <Skeleton />;
  const unread = inbox.data.list.some((n) => !n.read);
  return (
    <div className="stack-sm" data-testid="inbox">
      <div className="row-inline inbox-actions">
        <Link to="/notificationSettings" className="link-button small" data-testid="inbox-settings">
          {t('titles.notificationSettings')}
        </Link>
        {unread && (
          <button
            type="button"
            className="link-button small"
            onClick={() => readAll.mutate()}
            data-testid="inbox-read-all"
          >
            {t('notifications.readAll')}
          </button>
        )}
      </div>
      {inbox.data.list.length === 0 ? (
        <div className="card">
          <EmptyState title={t('notifications.empty')} text={t('notifications.emptyText')} />
        </div>
      ) : (
        <ul className="card option-list">
          {inbox.data.list.map((notice) => (
            <li
              key={notice.id}
              className="option notice"
              data-testid="notice"
              data-kind={notice.kind}
              data-read={notice.read}
            >
              <button
                type="button"
                className="notice-open"
                onClick={() => !notice.read && readOne.mutate(notice.id)}
                aria-label={notice.read ? undefined : t('notifications.markRead')}
              >
                {!notice.read && <span className="notice-dot" aria-hidden="true" />}
                <NoticeText notice={notice} />
                <small className="muted">{formatDateTime(notice.createTime, i18n.language)}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
