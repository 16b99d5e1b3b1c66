import { INCOME_TRANSACTION_TYPES, type TCurrency } from '@aidf/contract';
import { useState } from 'react';
import { CurrencyChips } from '../../components/CurrencyChips.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatementList } from './StatementList.tsx';
import { TypeFilter } from './TypeFilter.tsx';
import { useStatement } from './use-statement.ts';

/** Income types only: mining rewards, pledge settlements, team bonuses; one of them at a time if asked. */
export default function IncomeDetailScreen() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<TCurrency>('aidf');
  const [type, setType] = useState('');
  const query = useStatement({ kind: 'income', currency, type });
  return (
    <div className="stack-sm">
      <CurrencyChips value={currency} onChange={setCurrency} label={t('transfer.currency')} />
      <TypeFilter types={INCOME_TRANSACTION_TYPES} value={type} onChange={setType} />
      <StatementList query={query} empty={{ title: t('empty.incomeTitle'), text: t('empty.incomeText') }} />
    </div>
  );
}
