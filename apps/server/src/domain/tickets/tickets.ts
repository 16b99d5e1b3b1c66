import type { TTicket, TTicketAbout, TTicketRecordKind, TTicketReply } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { notify } from '../notifications/notify.ts';
import type { OperatorActor } from '../operator/roles.ts';
import { recordOf } from './ticket-records.ts';

/**
 * Tickets. The two SPEC.md codes, decided from their wording (docs/api.md "Tickets and their images"):
 * - 8751 "The ticket has not been replied to": the user writes again while support has not answered yet:
 *   a follow-up on a ticket still waiting, or a new ticket while MAX_WAITING of theirs wait.
 * - 8752 "There are unsubmitted tickets, please submit before replying": the user replies to (or reads the
 *   replies of) a ticket they never submitted: an unknown number or another user's ticket. Both answer the
 *   same, so nobody learns which numbers exist.
 */
export const MAX_WAITING_TICKETS = 3;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The ticket `id` when it is the user's, else 8752. */
async function ownTicket(repos: Repositories, userId: bigint, id: bigint, forUpdate: boolean) {
  const ticket = forUpdate ? await repos.tickets.byIdForUpdate(id) : await repos.tickets.byId(id);
  if (!ticket || ticket.userId !== userId) throw new AppError(8752, `ticket ${id} is not one you submitted`);
  return ticket;
}

/** Attaches the user's uploads to a message; any id not theirs, unknown or already used refuses all. */
async function attachUploads(repos: Repositories, userId: bigint, attach: string[], messageId: bigint) {
  const ids = [...new Set(attach)].map(BigInt);
  if (ids.length !== attach.length) throw new AppError(1225, 'an image is named twice');
  const taken = await repos.attachments.attach(userId, ids, messageId);
  if (taken !== ids.length) throw new AppError(1225, 'attach names an image that is not an unused upload of yours');
}

export async function createTicket(
  repos: Repositories,
  userId: bigint,
  input: { content: string; attach: string[]; about: TTicketAbout | null },
): Promise<{ id: string }> {
  if (input.about && !(await recordOf(repos, userId, input.about)))
    throw new AppError(1225, `no ${input.about.kind} ${input.about.id} of yours`);
  return repos.transaction(async (tx) => {
    // The user's row serialises their ticket submissions, so two at once cannot both pass the count.
    await tx.users.byIdForUpdate(userId);
    if ((await tx.tickets.countOpenOf(userId)) >= MAX_WAITING_TICKETS)
      throw new AppError(8751, `${MAX_WAITING_TICKETS} of your tickets are waiting for a reply`);
    const ticket = await tx.tickets.insert({
      userId,
      aboutKind: input.about?.kind ?? null,
      aboutId: input.about?.id ?? null,
    });
    const message = await tx.tickets.addMessage({ ticketId: ticket.id, author: 'user', content: input.content });
    await attachUploads(tx, userId, input.attach, message.id);
    return { id: ticket.id.toString() };
  });
}

/** The user's follow-up: only once support has answered (8751 before); it opens the ticket again. */
export async function followUp(
  repos: Repositories,
  userId: bigint,
  ticketId: bigint,
  input: { content: string; attach: string[] },
): Promise<null> {
  return repos.transaction(async (tx) => {
    const ticket = await ownTicket(tx, userId, ticketId, true);
    if (ticket.status !== 'replied') throw new AppError(8751, 'wait for the reply before writing again');
    const message = await tx.tickets.addMessage({ ticketId, author: 'user', content: input.content });
    await attachUploads(tx, userId, input.attach, message.id);
    await tx.tickets.setStatus(ticketId, 'open');
    return null;
  });
}

/** An operator's reply: the ticket becomes replied (audited in operator_actions). */
export async function operatorReply(
  repos: Repositories,
  input: { actor: OperatorActor; ticketId: bigint; content: string },
): Promise<{ id: string; status: 'replied' }> {
  return repos.transaction(async (tx) => {
    const ticket = await tx.tickets.byIdForUpdate(input.ticketId);
    if (!ticket) throw new AppError(8752, `no ticket ${input.ticketId}`);
    const message = await tx.tickets.addMessage({
      ticketId: ticket.id,
      author: 'operator',
      operator: input.actor.name,
      content: input.content,
    });
    await tx.tickets.setStatus(ticket.id, 'replied');
    await notify(tx, {
      userId: ticket.userId,
      kind: 'ticket-replied',
      params: { ticket: ticket.id.toString() },
      key: `ticket-message:${message.id}`,
    });
    await tx.operatorActions.record({
      actor: input.actor,
      action: 'ticket-reply',
      target: `ticket:${ticket.id}`,
      before: { status: ticket.status },
      after: { status: 'replied' },
      reason: 'reply to a ticket',
      detail: { ticketId: ticket.id.toString(), messageId: message.id.toString(), userId: ticket.userId.toString() },
    });
    return { id: ticket.id.toString(), status: 'replied' };
  });
}

export async function ticketPage(
  repos: Repositories,
  userId: bigint,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: TTicket[]; total: number }> {
  const { rows, total } = await repos.tickets.pageOf(userId, page.pageSize, (page.pageNum - 1) * page.pageSize);
  const firstIds = rows.map((r) => BigInt(r.messageId));
  const [messages, attach] = await Promise.all([
    repos.tickets.messagesByIds(firstIds),
    repos.attachments.idsByMessage(firstIds),
  ]);
  const textOf = new Map(messages.map((m) => [m.id, m.content]));
  return {
    total,
    list: rows.map((r) => ({
      id: r.id.toString(),
      content: { content: textOf.get(BigInt(r.messageId)) ?? '' },
      createTime: seconds(r.createdAt),
      replied: r.status === 'replied',
      about: r.aboutKind && r.aboutId ? { kind: r.aboutKind as TTicketRecordKind, id: r.aboutId } : null,
      attach: attach.get(BigInt(r.messageId)) ?? [],
    })),
  };
}

/** What came after the ticket's text: operators' replies and the user's follow-ups, oldest first. */
export async function repliesOf(
  repos: Repositories,
  userId: bigint | null,
  ticketId: bigint,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: TTicketReply[]; total: number }> {
  if (userId !== null) await ownTicket(repos, userId, ticketId, false);
  const after = (await repos.tickets.messagesOf(ticketId)).slice(1);
  const slice = after.slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize);
  const attach = await repos.attachments.idsByMessage(slice.map((m) => m.id));
  return {
    total: after.length,
    list: slice.map((m) => ({
      id: m.id.toString(),
      from: m.author as 'operator' | 'user',
      createTime: seconds(m.createdAt),
      replyContent: { content: m.content },
      attach: attach.get(m.id) ?? [],
    })),
  };
}

/** Open tickets for the operators, the longest waiting first, each with its whole thread and record. */
export async function openTickets(repos: Repositories, limit = 50) {
  const rows = await repos.tickets.open(limit);
  return Promise.all(
    rows.map(async (t) => {
      const messages = await repos.tickets.messagesOf(t.id);
      const attach = await repos.attachments.idsByMessage(messages.map((m) => m.id));
      const about = t.aboutKind && t.aboutId ? { kind: t.aboutKind as TTicketRecordKind, id: t.aboutId } : null;
      return {
        ticketId: t.id.toString(),
        username: t.username,
        createTime: seconds(t.createdAt),
        waitingSince: t.waitingSince.toISOString(),
        about,
        record: about ? await recordOf(repos, t.userId, about) : null,
        messages: messages.map((m) => ({
          from: m.author,
          operator: m.operator,
          createTime: seconds(m.createdAt),
          content: m.content,
          attach: attach.get(m.id) ?? [],
        })),
      };
    }),
  );
}
