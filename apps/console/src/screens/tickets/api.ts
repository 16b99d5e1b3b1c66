import { buildPath, OPS } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { sessionToken } from '../../api/session.ts';

/** The route's largest page: the queue is shown whole, oldest first, as the server orders it. */
export const QUEUE_LIMIT = 500;
const queueKey = ['tickets', 'queue'] as const;

export function useTicketQueue() {
  return useQuery({
    queryKey: queueKey,
    queryFn: () => call(OPS.tickets, { query: { limit: QUEUE_LIMIT } }),
    // New tickets arrive while support works through the queue.
    refetchInterval: 60_000,
  });
}

export function useReply(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call(OPS.replyTicket, { params: { ticketId }, body: { content } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
}

/**
 * An attachment's image as an object URL. The route needs the bearer token, which an <img src> cannot send,
 * so the bytes are fetched here; the caller revokes the URL when it is done with it.
 */
export async function attachmentUrl(id: string, fetcher: typeof fetch = fetch): Promise<string> {
  const token = sessionToken();
  const response = await fetcher(buildPath(OPS.attachment.path, { id }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`attachment ${id}: HTTP ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
