import { SUBMODES, type TCurrency, TRANSACTION_TYPES, type TSubmode, transactionTypeKey } from '@aidf/contract';
import { useState } from 'react';
import { Link } from 'wouter';
import { CurrencyChips } from '../../components/CurrencyChips.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { downloadText, toCsv } from './export-csv.ts';
import { StatementList } from './StatementList.tsx';
import { TypeFilter } from './TypeFilter.tsx';
import { useStatement, useWholeStatement } from './use-statement.ts';

export default function CurrencyStatementScreen() {
  const { t, i18n } = useTranslation();
  const [currency, setCurrency] = useState<TCurrency>('aidf');
  const [submode, setSubmode] = useState<TSubmode>(SUBMODES.normal);
  const [type, setType] = useState('');
  const query = useStatement({ kind: 'statement', currency, submode, type });
  const wholeStatement = useWholeStatement({ kind: 'statement', currency, submode, type });
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const lines = await wholeStatement();
      const header = [
        t('statement.colTime'),
        t('statement.colType'),
        t('statement.colAmount'),
        t('statement.colBalance'),
      ];
      const rows = lines.map((l) => [
        new Date(l.createTime).toISOString(),
        t(transactionTypeKey(l.type)),
        l.amount,
        l.balanceAfter,
      ]);
      downloadText(`aidf-statement-${currency}-${submode}.csv`, toCsv([header, ...rows]));
      showToast(t('statement.exported'), 'success');
    } catch (error) {
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="stack-sm">
      <CurrencyChips
        value={currency}
        onChange={(c) => {
          setCurrency(c);
          if (c !== 'aidf') setSubmode(SUBMODES.normal);
        }}
        label={t('transfer.currency')}
      />
      <div className="row-between">
        {currency === 'aidf' ? (
          <fieldset className="chips">
            {[SUBMODES.normal, SUBMODES.frozen].map((s) => (
              <button
                key={s}
                type="button"
                className={`chip${s === submode ? ' chip-active' : ''}`}
                aria-pressed={s === submode}
                onClick={() => setSubmode(s)}
              >
                {s === SUBMODES.normal ? t('statement.available') : t('statement.frozen')}
              </button>
            ))}
          </fieldset>
        ) : (
          <span />
        )}
        <button type="button" className="button button-small button-quiet" onClick={exportCsv} disabled={exporting}>
          {t('statement.export')}
        </button>
      </div>
      <Link to="/monthStatement" className="link-button" data-testid="month-statement-link">
        {t('statement.monthLink')}
      </Link>
      <TypeFilter types={TRANSACTION_TYPES} value={type} onChange={setType} />
      <StatementList query={query} empty={{ title: t('empty.statementTitle'), text: t('empty.statementText') }} />
    </div>
  );
}
