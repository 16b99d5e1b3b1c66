import { MAX_PAGE_SIZE, SUBMODES, type TCurrency, type TSubmode } from '@aidf/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/use-api.ts';

export const STATEMENT_PAGE_SIZE = 20;

export type StatementSource =
  | { kind: 'bill'; currency: TCurrency; type?: string }
  | { kind: 'income'; currency: TCurrency; type?: string }
  | { kind: 'statement'; currency: TCurrency; submode: TSubmode; type?: string };

/** The fetcher of one page: the bill and income lists (POST finance) or a currency statement (GET). */
function usePageFetcher(source: StatementSource) {
  const call = useApi();
  return (pageNum: number, pageSize = STATEMENT_PAGE_SIZE) => {
    const page = { pageNum: String(pageNum), pageSize: String(pageSize), currency: source.currency };
    return source.kind === 'statement'
      ? call('financeStatement', {
          params: { ...page, submode: source.submode },
          ...(source.type ? { query: { type: source.type } } : {}),
        })
      : call('financeList', {
          params: page,
          body: {
            submode: SUBMODES.normal,
            category: source.kind === 'income' ? 'income' : 'all',
            ...(source.type ? { type: source.type } : {}),
          },
        });
  };
}

/** Statement lines a page at a time, for infinite scroll. */
export function useStatement(source: StatementSource) {
  const fetchPage = usePageFetcher(source);
  return useInfiniteQuery({
    queryKey: ['statement', source],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
  });
}

export type StatementQuery = ReturnType<typeof useStatement>;

/** Every line of a statement, fetched 100 at a time (for the CSV export). */
export function useWholeStatement(source: StatementSource) {
  const fetchPage = usePageFetcher(source);
  return async () => {
    const first = await fetchPage(1, MAX_PAGE_SIZE);
    const lines = [...first.list];
    for (let pageNum = 2; lines.length < first.total; pageNum++) {
      const next = await fetchPage(pageNum, MAX_PAGE_SIZE);
      if (next.list.length === 0) break;
      lines.push(...next.list);
    }
    return lines;
  };
}
