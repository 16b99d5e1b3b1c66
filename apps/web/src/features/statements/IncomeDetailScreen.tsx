import type { TCurrency } from '@aidf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyChips } from './CurrencyChips.tsx';
import { StatementList } from './StatementList.tsx';
import { useStatement } from './use-statement.ts';

/** Income types only: mining rewards, pledge settlements, team bonuses. */
export default function IncomeDetailScreen() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<TCurrency>('aidf');
  const query = useStatement({ kind: 'income', currency });
  return (
    <div className="stack-sm">
      <CurrencyChips value={currency} onChange={setCurrency} label={t('transfer.currency')} />
      <StatementList query={query} empty={{ title: t('empty.incomeTitle'), text: t('empty.incomeText') }} />
    </div>
  );
}
