import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { sessionToken } from '../../api/session.ts';

/** One message of a ticket's thread; times in seconds, as the feedback API keeps them (SPEC.md). */
export interface TicketMessage {
  from: 'user' | 'operator';
  operator: string | null;
  createTime: number;
  content: string;
  attach: string[];
}

/** A ticket waiting for support (GET /ops/v1/tickets), with its whole thread and the record it is about. */
export interface QueuedTicket {
  workOrderNo: string;
  username: string;
  createTime: number;
  waitingSince: string;
  about: { kind: string; id: string } | null;
  record: unknown;
  messages: TicketMessage[];
}

/** The route's largest page: the queue is shown whole, oldest first, as the server orders it. */
export const QUEUE_LIMIT = 500;
const queueKey = ['tickets', 'queue'] as const;

export function useTicketQueue() {
  return useQuery({
    queryKey: queueKey,
    queryFn: () => api<QueuedTicket[]>('/tickets', { query: { limit: QUEUE_LIMIT } }),
    // New tickets arrive while support works through the queue.
    refetchInterval: 60_000,
  });
}

export function useReply(workOrderNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<{ id: string; status: 'replied' }>(`/tickets/${encodeURIComponent(workOrderNo)}/reply`, {
        method: 'POST',
        body: { content },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKey }),
  });
}

/**
 * An attachment's image as an object URL. The route needs the bearer token, which an <img src> cannot send,
 * so the bytes are fetched here; the caller revokes the URL when it is done with it.
 */
export async function attachmentUrl(id: string, fetcher: typeof fetch = fetch): Promise<string> {
  const token = sessionToken();
  const response = await fetcher(`/ops/v1/attachments/${encodeURIComponent(id)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`attachment ${id}: HTTP ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
