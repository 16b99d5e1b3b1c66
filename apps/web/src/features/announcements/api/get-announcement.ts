import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useAnnouncement(id: string | null) {
  const call = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['announcement', id, i18n.language],
    queryFn: () => call('announcementDetail', { params: { id: id ?? '' } }),
    enabled: id !== null && /^[1-9]\d*$/.test(id),
  });
}
