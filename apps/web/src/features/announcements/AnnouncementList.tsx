import { Link } from 'wouter';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ChevronIcon, MegaphoneIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDate, isolateAmounts, shortText } from '../../lib/format.ts';
import { useAnnouncements } from './api/get-announcements.ts';

/** About two lines of a phone's width; the whole text is on the announcement's own page. */
const SUMMARY_CHARS = 80;

export function AnnouncementList() {
  const { t, i18n } = useTranslation();
  const query = useAnnouncements();
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    return (
      <EmptyState title={t('home.loadFailed')} text={errorMessage(query.error, t, (k) => i18n.exists(k))}>
        <button type="button" className="button" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  }
  const items = query.data.pages.flatMap((p) => p.list);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<MegaphoneIcon width={36} height={36} />}
        title={t('home.noAnnouncements')}
        text={t('home.noAnnouncementsText')}
      />
    );
  }
  return (
    <>
      <ul className="card-list" data-testid="announcement-list">
        {items.map((a) => (
          <li key={a.id}>
            <Link className="card announcement-card" to={`/announcementdetails?id=${a.id}`}>
              <div className="announcement-text">
                <h3 className="announcement-title">{a.title}</h3>
                <p className="announcement-summary">{isolateAmounts(shortText(a.summary, SUMMARY_CHARS))}</p>
                <time className="muted small" dateTime={new Date(a.publishTime).toISOString()}>
                  {formatDate(a.publishTime, i18n.language)}
                </time>
              </div>
              <ChevronIcon className="muted flip-rtl" />
            </Link>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-quiet"
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
        </button>
      ) : (
        items.length > 3 && <p className="list-end muted small">{t('common.noMore')}</p>
      )}
    </>
  );
}
