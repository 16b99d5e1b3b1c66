import { type TTeamBonusType, transactionTypeKey } from '@aidf/contract';
import { Link } from 'wouter';
import { Amount } from '../../components/Amount.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** What the team paid the user, by bonus type (SPEC.md transaction-type labels), with the way to the details. */
export function IncomeByType({ income }: { income: { type: TTeamBonusType; amount: string }[] }) {
  const { t } = useTranslation();
  return (
    <section className="card stack-sm team-card" data-testid="team-income">
      <div className="row-between">
        <h2 className="section-title">{t('team.income')}</h2>
        <Link className="link-button small" to="/incomeDetail">
          {t('team.incomeDetails')}
        </Link>
      </div>
      <dl className="figures figures-rows small">
        {income.map((row) => (
          <div key={row.type} data-testid={`income-${row.type}`}>
            <dt>{t(transactionTypeKey(row.type))}</dt>
            <dd>
              <Amount amount={row.amount} currency="AIDF" />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
