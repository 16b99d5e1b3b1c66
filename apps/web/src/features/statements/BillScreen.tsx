import type { TCurrency } from '@aidf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyChips } from './CurrencyChips.tsx';
import { StatementList } from './StatementList.tsx';
import { useStatement } from './use-statement.ts';

export default function BillScreen() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<TCurrency>('usdt');
  const query = useStatement({ kind: 'bill', currency });
  return (
    <div className="stack-sm">
      <CurrencyChips value={currency} onChange={setCurrency} label={t('transfer.currency')} />
      <StatementList query={query} empty={{ title: t('empty.statementTitle'), text: t('empty.statementText') }} />
    </div>
  );
}
