import { Link, useSearchParams } from 'wouter';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDate, isolateAmounts } from '../../lib/format.ts';
import { useAnnouncement } from './api/get-announcement.ts';

export default function AnnouncementDetailsScreen() {
  const { t, i18n } = useTranslation();
  const id = useSearchParams()[0].get('id');
  const query = useAnnouncement(id);

  const notFound =
    !query.isFetching && (!query.isEnabled || (query.error instanceof ApiError && query.error.status === 404));
  if (notFound) {
    return (
      <EmptyState title={t('errors.1404')} text={t('announcement.notFound')}>
        <Link className="button" to="/">
          {t('common.backToHome')}
        </Link>
      </EmptyState>
    );
  }
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    return (
      <EmptyState title={t('errors.500')} text={errorMessage(query.error, t, (k) => i18n.exists(k))}>
        <button type="button" className="button" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  }
  const a = query.data;
  return (
    <article className="card article" data-testid="announcement-detail">
      <h2 className="article-title">{a.title}</h2>
      <time className="muted small" dateTime={new Date(a.publishTime).toISOString()}>
        {t('announcement.published', { date: formatDate(a.publishTime, i18n.language) })}
      </time>
      {a.language !== i18n.language && (
        <p className="notice small" lang="en">
          {t('announcement.inEnglish')}
        </p>
      )}
      <div
        className="article-body"
        lang={a.language === 'en' ? 'en' : undefined}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes announcement HTML when publishing it
        dangerouslySetInnerHTML={{ __html: isolateAmounts(a.content) }}
      />
    </article>
  );
}
