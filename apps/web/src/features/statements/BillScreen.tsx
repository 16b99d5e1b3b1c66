import { type TCurrency, USER_TRANSACTION_TYPES } from '@aidf/contract';
import { useState } from 'react';
import { CurrencyChips } from '../../components/CurrencyChips.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatementList } from './StatementList.tsx';
import { TypeFilter } from './TypeFilter.tsx';
import { useStatement } from './use-statement.ts';

export default function BillScreen() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<TCurrency>('usdt');
  const [type, setType] = useState('');
  const query = useStatement({ kind: 'bill', currency, type });
  return (
    <div className="stack-sm">
      <CurrencyChips value={currency} onChange={setCurrency} label={t('transfer.currency')} />
      <TypeFilter types={USER_TRANSACTION_TYPES} value={type} onChange={setType} />
      <StatementList query={query} empty={{ title: t('empty.statementTitle'), text: t('empty.statementText') }} />
    </div>
  );
}
