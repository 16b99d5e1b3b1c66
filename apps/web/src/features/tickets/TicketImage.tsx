import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { imageUrl } from './tickets-api.ts';

/** A stored image of the user's, fetched with the session (it is served to its owner only). */
export function TicketImage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const url = useQuery({
    queryKey: ['feedback-image', id],
    queryFn: () => imageUrl(id, i18n.language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!url.data) return <span className="feedback-thumb feedback-thumb-empty" />;
  return <img className="feedback-thumb" src={url.data} alt={t('feedback.imageAlt')} data-testid="ticket-image" />;
}
