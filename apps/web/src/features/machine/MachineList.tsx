import { formatAmount, type TMachine } from '@aidf/contract';
import { Amount } from '../../components/Amount.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDate } from '../../lib/format.ts';
import { useMachines, useWorthCurrency } from './machine-api.ts';

/** The user's machines: what each has mined, a bar towards its cap, running or out. */
export function MachineList() {
  const { t } = useTranslation();
  const machines = useMachines();
  const list = machines.data?.list ?? [];
  return (
    <section className="stack-sm" data-testid="machine-list">
      <h2 className="section-title">{t('machine.mine')}</h2>
      {machines.data && list.length === 0 && (
        <div className="card">
          <EmptyState title={t('empty.machineTitle')} text={t('empty.machineText')} />
        </div>
      )}
      {list.length > 0 && (
        <ul className="card machine-rows">
          {list.map((m) => (
            <MachineRow key={m.id} machine={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MachineRow({ machine: m }: { machine: TMachine }) {
  const { t, i18n } = useTranslation();
  const worthCurrency = useWorthCurrency();
  const percent = Math.min(100, Math.max(0, Number(m.progress) * 100));
  return (
    <li className="machine-row" data-testid="machine" data-status={m.status}>
      <div className="row-between">
        <strong>
          {t('machine.machineOf')} <Amount amount={m.worth} currency={worthCurrency} decimals={2} />
        </strong>
        <span className={`badge badge-${m.status === 'running' ? 'sent' : 'confirmed'}`}>
          {t(`machine.status.${m.status}`)}
        </span>
      </div>
      <div
        className="machine-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-label={t('machine.progress')}
      >
        <span style={{ inlineSize: `${percent}%` }} />
      </div>
      <div className="row-between small">
        <span data-testid="machine-mined">
          {t('machine.mined')}{' '}
          <bdi dir="ltr" className="nowrap">
            {formatAmount(m.mined, 6)} / {formatAmount(m.cap, 2)} AIDF
          </bdi>
        </span>
        <span className="muted">
          <bdi dir="ltr">{percent.toFixed(2)}%</bdi>
        </span>
      </div>
      <div className="row-between small muted">
        <span>
          {t('machine.perDay')} <Amount amount={m.dailyIncome} currency="AIDF" decimals={6} />
        </span>
        <span>
          {m.outTime
            ? t('machine.outOn', { date: formatDate(m.outTime, i18n.language) })
            : t('machine.boughtOn', { date: formatDate(m.createTime, i18n.language) })}
        </span>
      </div>
    </li>
  );
}
