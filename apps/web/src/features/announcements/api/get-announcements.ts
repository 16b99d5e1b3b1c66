import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useApi } from '../../../lib/use-api.ts';

export const ANNOUNCEMENTS_PAGE_SIZE = 10;

/** Published announcements in the interface language, a page at a time; a language switch refetches. */
export function useAnnouncements() {
  const call = useApi();
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: ['announcements', i18n.language],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call('announcementList', { params: { pageNum: String(pageParam), pageSize: String(ANNOUNCEMENTS_PAGE_SIZE) } }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
  });
}
