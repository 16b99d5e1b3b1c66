import type { TPledgeOrder } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Amount } from '../../components/Amount.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { PledgeAutoRenew } from './AutoRenewSwitch.tsx';
import { PaymentChart } from './PaymentChart.tsx';
import { expectedReturn } from './pledge-math.ts';
import { PLEDGES_KEY } from './use-fund-info.ts';

const FILTERS = [
  { type: '0', key: 'pledge.filter.all' },
  { type: '1', key: 'pledge.filter.running' },
  { type: '2', key: 'pledge.filter.completed' },
] as const;

/** The user's pledges with SPEC.md's three filters; a pledge opens its detail. */
export function PledgeList() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const [type, setType] = useState<'0' | '1' | '2'>('0');
  const [open, setOpen] = useState<TPledgeOrder | null>(null);
  const list = useQuery({
    queryKey: [...PLEDGES_KEY, type],
    queryFn: () => call('pledgeList', { params: { type, pageNum: '1', pageSize: '50' } }),
  });
  return (
    <section className="stack-sm" data-testid="pledge-list">
      <h2 className="section-title">{t('pledge.mine')}</h2>
      <fieldset className="chips" aria-label={t('pledge.mine')}>
        {FILTERS.map((f) => (
          <button
            key={f.type}
            type="button"
            aria-pressed={f.type === type}
            className={`chip${f.type === type ? ' chip-active' : ''}`}
            onClick={() => setType(f.type)}
            data-testid={`pledge-filter-${f.type}`}
          >
            {t(f.key)}
          </button>
        ))}
      </fieldset>
      {list.data && list.data.list.length === 0 && (
        <div className="card">
          <EmptyState title={t('pledge.none')} text={t('pledge.noneText')} />
        </div>
      )}
      {list.data && list.data.list.length > 0 && (
        <ul className="card option-list">
          {list.data.list.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="option"
                onClick={() => setOpen(p)}
                data-testid="pledge"
                data-status={p.status}
              >
                <span>
                  <Amount amount={p.amount} currency="AIDF" /> ·{' '}
                  <bdi data-testid="pledge-days">{t('pledge.days', { count: p.days })}</bdi>
                  <br />
                  <small className="muted">
                    {t('pledge.unlocks', { date: formatDate(p.endTime, i18n.language) })} · {t('pledge.paidSoFar')}{' '}
                    <Amount amount={p.settled} currency="AIDF" />
                  </small>
                </span>
                <span className={`badge badge-${p.status === 'running' ? 'sent' : 'confirmed'}`}>
                  {t(`pledge.status.${p.status}`)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Dialog title={t('pledge.detail')} onClose={() => setOpen(null)} testId="pledge-detail">
          <dl className="figures figures-rows small">
            <div>
              <dt>{t('pledge.amount')}</dt>
              <dd>
                <Amount amount={open.amount} currency="AIDF" />
              </dd>
            </div>
            <div>
              <dt>{t('pledge.period')}</dt>
              <dd>{t('pledge.days', { count: open.days })}</dd>
            </div>
            <div>
              <dt>{t('pledge.periodRate', { count: open.days })}</dt>
              <dd>
                <bdi dir="ltr">{open.rate}%</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('pledge.expectedTotal')}</dt>
              <dd data-testid="pledge-detail-total">
                <Amount amount={expectedReturn(open.amount, open.rate) ?? '0'} currency="AIDF" />
              </dd>
            </div>
            <div>
              <dt>{t('pledge.start')}</dt>
              <dd>{formatDateTime(open.createTime, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('pledge.unlock')}</dt>
              <dd data-testid="pledge-unlock" data-time={open.endTime}>
                {formatDateTime(open.endTime, i18n.language)}
              </dd>
            </div>
            <div>
              <dt>{t('pledge.paidSoFar')}</dt>
              <dd>
                <Amount amount={open.settled} currency="AIDF" decimals={6} />
              </dd>
            </div>
            <div>
              <dt>{t('pledge.nextPayment')}</dt>
              <dd data-testid="pledge-next" data-time={open.nextPayTime ?? ''}>
                {open.nextPayTime ? formatDateTime(open.nextPayTime, i18n.language) : '—'}
              </dd>
            </div>
          </dl>
          <PledgeAutoRenew pledge={open} onChanged={setOpen} />
          <PaymentChart pledge={open} />
        </Dialog>
      )}
    </section>
  );
}
