import { OPS, type TAuditRow } from '@aidf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { toCsv } from '../../lib/csv.ts';

export interface AuditFilter {
  operator: string;
  action: string;
  target: string;
}

export const AUDIT_PAGE_SIZE = 50;
/** The largest page the API gives (operator-accounts.ts): the export fetches in pages this big. */
const EXPORT_PAGE_SIZE = 500;

function auditPage(filter: AuditFilter, page: number, size: number, fetcher?: typeof fetch) {
  return call(OPS.audit, { query: { ...filter, page, size }, fetcher });
}

export function useAudit(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: ['audit', filter, page],
    queryFn: () => auditPage(filter, page, AUDIT_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every row of the filter, newest first, page after page. Rows written during the export push older ones to
 * the next page, so a row can come twice: kept once, by id.
 */
export async function allAuditRows(filter: AuditFilter, fetcher?: typeof fetch): Promise<TAuditRow[]> {
  const rows = new Map<string, TAuditRow>();
  for (let page = 1; ; page += 1) {
    const answer = await auditPage(filter, page, EXPORT_PAGE_SIZE, fetcher);
    for (const row of answer.list) if (!rows.has(row.id)) rows.set(row.id, row);
    if (answer.list.length < EXPORT_PAGE_SIZE) return [...rows.values()];
  }
}

const COLUMNS = [
  'id',
  'at',
  'operator',
  'role',
  'action',
  'target',
  'before',
  'after',
  'reason',
  'clientAddress',
  'movementId',
  'detail',
] as const;

/** The audit as CSV: times in UTC (ISO 8601), JSON values as JSON text. */
export function auditCsv(rows: readonly TAuditRow[]): string {
  return toCsv(
    COLUMNS,
    rows.map((r) => COLUMNS.map((c) => (c === 'at' ? new Date(r.at).toISOString() : r[c]))),
  );
}
