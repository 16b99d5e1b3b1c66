import { formatAmount, maskAddress, type TStatementLine, transactionTypeKey } from '@aidf/contract';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { dayKey, formatDate, formatTime } from '../../lib/format.ts';
import { StatementLineSheet } from './StatementLineSheet.tsx';
import { usePullToRefresh } from './use-pull-to-refresh.ts';
import type { StatementQuery } from './use-statement.ts';

/** Lines grouped by the day they were booked, newest first. */
function byDay(lines: TStatementLine[]) {
  const days: { key: string; first: number; lines: TStatementLine[] }[] = [];
  for (const line of lines) {
    const key = dayKey(line.createTime);
    const last = days.at(-1);
    if (last?.key === key) last.lines.push(line);
    else days.push({ key, first: line.createTime, lines: [line] });
  }
  return days;
}

/** Who or what a line is about, in one short line: the other user of a transfer, or the chain transaction. */
function LineSource({ line }: { line: TStatementLine }) {
  const { t } = useTranslation();
  if (line.counterparty) {
    return (
      <>{t(line.amount.startsWith('-') ? 'history.toUser' : 'history.fromUser', { username: line.counterparty })}</>
    );
  }
  if (line.txHash) {
    return (
      <>
        {t('history.onChain')}{' '}
        <bdi dir="ltr" className="mono">
          {maskAddress(line.txHash)}
        </bdi>
      </>
    );
  }
  return null;
}

/**
 * Statement lines grouped by day with infinite scroll and pull to refresh; each opens its detail sheet; the empty
 * text says what would appear.
 */
export function StatementList({ query, empty }: { query: StatementQuery; empty: { title: string; text: string } }) {
  const { t, i18n } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { pull, ready } = usePullToRefresh(query.refetch);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const [open, setOpen] = useState<TStatementLine | null>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((items) => {
      if (items.some((i) => i.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <Skeleton />;
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
        <div className="stack-sm" data-testid="statement-lines">
          {byDay(lines).map((day) => (
            <section key={day.key} aria-label={formatDate(day.first, i18n.language)}>
              <h3 className="day-heading muted small" data-testid="statement-day">
                {formatDate(day.first, i18n.language)}
              </h3>
              <ul className="card statement">
                {day.lines.map((line) => {
                  const credit = !line.amount.startsWith('-');
                  return (
                    <li key={line.id}>
                      <button
                        type="button"
                        className="statement-line"
                        onClick={() => setOpen(line)}
                        data-testid="statement-line"
                      >
                        <span className="option-text">
                          <span>{t(transactionTypeKey(line.type))}</span>
                          <span className="muted small">
                            <time dateTime={new Date(line.createTime).toISOString()}>
                              {formatTime(line.createTime, i18n.language)}
                            </time>{' '}
                            <LineSource line={line} />
                          </span>
                        </span>
                        <span className="statement-amounts">
                          <bdi dir="ltr" className={credit ? 'credit' : 'debit'}>
                            {credit ? '+' : ''}
                            {formatAmount(line.amount, 6)}
                          </bdi>
                          <span className="muted small">
                            {t('statement.balanceAfter', { amount: formatAmount(line.balanceAfter, 6) })}
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
      {open && <StatementLineSheet line={open} onClose={() => setOpen(null)} />}
      <div ref={sentinel} aria-hidden />
      {isFetchingNextPage && <Skeleton />}
      {!hasNextPage && lines.length > STATEMENT_END_HINT && (
        <p className="list-end muted small">{t('common.noMore')}</p>
      )}
    </div>
  );
}

const STATEMENT_END_HINT = 5;
