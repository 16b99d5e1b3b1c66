import { type TMonthStatementCurrency, transactionTypeKey } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { downloadText, toCsv } from './export-csv.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * A month's statement (docs/user-guide.md "Statements"): per currency the opening balance, each entry and the
 * closing balance, as the ledger holds them; downloadable as CSV (headers in the user's language, figures exact)
 * and printable (print CSS keeps the statement only).
 */
export default function MonthStatementScreen() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const [month, setMonth] = useState(thisMonth);
  const statement = useQuery({
    queryKey: ['month-statement', month],
    queryFn: () => call('monthStatement', { params: { month } }),
  });
  const currencies = statement.data?.currencies ?? [];

  function downloadCsv() {
    const header = [
      t('statement.colCurrency'),
      t('statement.colTime'),
      t('statement.colType'),
      t('statement.colAmount'),
      t('statement.colCounterparty'),
      t('statement.colTx'),
    ];
    const rows = currencies.flatMap((c) => [
      [c.currency.toUpperCase(), '', t('statement.opening'), c.opening, '', ''],
      ...c.entries.map((e) => [
        c.currency.toUpperCase(),
        new Date(e.time).toISOString(),
        t(transactionTypeKey(e.type)),
        e.amount,
        e.counterparty ?? '',
        e.txHash ?? '',
      ]),
      [c.currency.toUpperCase(), '', t('statement.closing'), c.closing, '', ''],
    ]);
    downloadText(`aidf-statement-${month}.csv`, toCsv([header, ...rows]));
  }

  return (
    <div className="stack-sm month-statement" data-testid="month-statement">
      <div className="row-between no-print">
        <label className="field-label">
          {t('statement.month')}{' '}
          <input
            type="month"
            value={month}
            max={thisMonth()}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            data-testid="statement-month"
          />
        </label>
        <span className="row-between">
          <button type="button" className="link-button" onClick={downloadCsv} data-testid="statement-csv">
            {t('statement.downloadCsv')}
          </button>{' '}
          <button type="button" className="link-button" onClick={() => window.print()} data-testid="statement-print">
            {t('statement.print')}
          </button>
        </span>
      </div>
      <h2 className="print-only">
        {t('titles.monthStatement')} <bdi dir="ltr">{month}</bdi>
      </h2>
      {statement.isError && <p className="error small">{String(statement.error)}</p>}
      {currencies.map((c) => (
        <CurrencySection key={c.currency} statement={c} language={i18n.language} />
      ))}
    </div>
  );
}

function CurrencySection({ statement, language }: { statement: TMonthStatementCurrency; language: string }) {
  const { t } = useTranslation();
  return (
    <section className="card stack-sm" data-testid={`statement-${statement.currency}`}>
      <h3>{statement.currency.toUpperCase()}</h3>
      <table className="statement-table small">
        <thead>
          <tr>
            <th>{t('statement.colTime')}</th>
            <th>{t('statement.colType')}</th>
            <th>{t('statement.colAmount')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={2}>{t('statement.opening')}</td>
            <td data-testid="statement-opening">
              <bdi dir="ltr">{statement.opening}</bdi>
            </td>
          </tr>
          {statement.entries.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.time, language)}</td>
              <td>
                {t(transactionTypeKey(e.type))}
                {e.counterparty && <div className="muted">{e.counterparty}</div>}
                {e.txHash && (
                  <div>
                    <a href={e.txUrl ?? undefined} target="_blank" rel="noreferrer" dir="ltr">
                      {`${e.txHash.slice(0, 8)}…${e.txHash.slice(-6)}`}
                    </a>
                  </div>
                )}
              </td>
              <td>
                <bdi dir="ltr">{e.amount}</bdi>
              </td>
            </tr>
          ))}
          <tr>
            <td colSpan={2}>{t('statement.closing')}</td>
            <td data-testid="statement-closing">
              <bdi dir="ltr">{statement.closing}</bdi>
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
