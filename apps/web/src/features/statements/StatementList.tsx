import { formatAmount, transactionTypeKey } from '@aidf/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePullToRefresh } from './use-pull-to-refresh.ts';
import type { StatementQuery } from './use-statement.ts';

/** Statement lines with infinite scroll and pull to refresh; the empty text says what would appear. */
export function StatementList({ query, empty }: { query: StatementQuery; empty: { title: string; text: string } }) {
  const { t, i18n } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { pull, ready } = usePullToRefresh(query.refetch);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((items) => {
      if (items.some((i) => i.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <Spinner />;
  if (query.isError)
    return <EmptyState title={t('errors.500')} text={errorMessage(query.error, t, (k) => i18n.exists(k))} />;
  const lines = query.data.pages.flatMap((p) => p.list);
  return (
    <div>
      {pull > 0 && (
        <p className="pull-hint muted small" style={{ height: pull }}>
          {ready ? t('statement.release') : t('statement.pullToRefresh')}
        </p>
      )}
      {lines.length === 0 ? (
        <EmptyState title={empty.title} text={empty.text} />
      ) : (
        <ul className="card statement" data-testid="statement-lines">
          {lines.map((line) => {
            const credit = !line.amount.startsWith('-');
            return (
              <li key={line.id} className="statement-line">
                <div className="option-text">
                  <span>{t(transactionTypeKey(line.type) as 'txType.unknown')}</span>
                  <time className="muted small" dateTime={new Date(line.createTime).toISOString()}>
                    {formatDateTime(line.createTime, i18n.language)}
                  </time>
                </div>
                <div className="statement-amounts">
                  <bdi dir="ltr" className={credit ? 'credit' : 'debit'}>
                    {credit ? '+' : ''}
                    {formatAmount(line.amount, 6)}
                  </bdi>
                  <span className="muted small">
                    {t('statement.balanceAfter', { amount: formatAmount(line.balanceAfter, 6) })}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div ref={sentinel} aria-hidden />
      {isFetchingNextPage && <Spinner />}
      {!hasNextPage && lines.length > STATEMENT_END_HINT && (
        <p className="list-end muted small">{t('common.noMore')}</p>
      )}
    </div>
  );
}

const STATEMENT_END_HINT = 5;
