import type { TAuditRow } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { downloadText } from '../../lib/csv.ts';
import { formatTime } from '../../lib/format.ts';
import { AUDIT_PAGE_SIZE, type AuditFilter, allAuditRows, auditCsv, useAudit } from './api.ts';

const column = createColumnHelper<TAuditRow>();
const EMPTY: AuditFilter = { operator: '', action: '', target: '' };
/** A value before or after: one line in the table, the whole of it (indented) when opened. */
function JsonCell({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  const line = JSON.stringify(value);
  if (typeof value !== 'object') return <code>{line}</code>;
  return (
    <details className="json-cell">
      <summary>
        <code>{line}</code>
      </summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** Every operator action, newest first; filters match exactly; the export takes the filter's every page. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const audit = useAudit(filter, page);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ operator: draft.operator.trim(), action: draft.action.trim(), target: draft.target.trim() });
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const rows = await allAuditRows(filter);
      downloadText(`audit-${new Date().toISOString().slice(0, 19).replaceAll(':', '')}.csv`, auditCsv(rows));
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };
  const field = (key: keyof AuditFilter) => (
    <label>
      {t(`audit.${key}`)}
      <input value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </label>
  );
  const columns = [
    column.accessor('at', { header: t('audit.at'), cell: (c) => formatTime(c.getValue()) }),
    column.accessor('operator', {
      header: t('audit.operator'),
      cell: (c) =>
        `${c.getValue()} (${t(`common.roles.${c.row.original.role}`, { defaultValue: c.row.original.role })})`,
    }),
    column.accessor('action', { header: t('audit.action') }),
    column.accessor('target', { header: t('audit.target'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('before', { header: t('audit.before'), cell: (c) => <JsonCell value={c.getValue()} /> }),
    column.accessor('after', { header: t('audit.after'), cell: (c) => <JsonCell value={c.getValue()} /> }),
    // Typed by an operator in any language: in its own direction.
    column.accessor('reason', { header: t('audit.reason'), cell: (c) => <bdi>{c.getValue() ?? ''}</bdi> }),
    column.accessor('clientAddress', { header: t('audit.clientAddress'), cell: (c) => c.getValue() ?? '' }),
  ];
  return (
    <>
      <h1>{t('audit.title')}</h1>
      <form className="card row" onSubmit={apply} aria-label={t('audit.filters')}>
        {field('operator')}
        {field('action')}
        {field('target')}
        <button type="submit">{t('audit.apply')}</button>
        <button type="button" className="secondary" onClick={exportCsv} disabled={exporting}>
          {exporting ? t('audit.exporting') : t('audit.export')}
        </button>
      </form>
      <ErrorLine error={exportError ?? audit.error} />
      {audit.data ? (
        <DataTable
          label={t('audit.title')}
          testId="audit-table"
          data={audit.data.list}
          columns={columns}
          paging={{ page, size: AUDIT_PAGE_SIZE, total: audit.data.total, onPage: setPage }}
        />
      ) : null}
    </>
  );
}
