import { type ColumnDef, flexRender, getCoreRowModel, type RowData, useReactTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Pager, type Paging } from './Pager.tsx';

declare module '@tanstack/react-table' {
  // Column options of the console's kit: numbers align to the end of their cell.
  interface ColumnMeta<TData extends RowData, TValue> {
    num?: boolean;
  }
}

/**
 * A list as TanStack Table lays it out, over the console's own plain table. The server pages (manualPagination):
 * `paging` shows the pager for lists the API answers a page of.
 */
export function DataTable<T>({
  columns,
  data,
  paging,
  label,
  testId,
  rowClass,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's own type for a list of differently typed columns
  columns: ColumnDef<T, any>[];
  data: T[];
  paging?: Paging;
  /** The table's accessible name. */
  label: string;
  testId?: string;
  /** A class for a row that needs the eye (`alert`: shown red). */
  rowClass?: (row: T) => string | undefined;
}) {
  const { t } = useTranslation();
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: paging?.total ?? data.length,
  });
  return (
    <>
      <div className="table-wrap">
        <table aria-label={label} data-testid={testId}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} className={header.column.columnDef.meta?.num ? 'num' : undefined} scope="col">
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={rowClass?.(row.original)}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.num ? 'num' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="muted">
                  {t('common.none')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {paging ? <Pager {...paging} /> : null}
    </>
  );
}
