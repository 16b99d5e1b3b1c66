import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { imageUrl } from './tickets-api.ts';

/** A stored image of the user's, fetched with the session (it is served to its owner only). */
export function TicketImage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const url = useQuery({
    queryKey: ['ticket-image', id],
    queryFn: () => imageUrl(id, i18n.language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!url.data) return <span className="ticket-thumb ticket-thumb-empty" />;
  return <img className="ticket-thumb" src={url.data} alt={t('tickets.imageAlt')} data-testid="ticket-image" />;
}
