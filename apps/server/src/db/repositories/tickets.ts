import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { ticketMessages, tickets, users } from '../schema.ts';

export type TicketStatus = 'open' | 'replied';

export function ticketsRepository(db: AppDb) {
  return {
    async insert(t: { userId: bigint; aboutKind: string | null; aboutId: string | null }) {
      const [row] = await db.insert(tickets).values(t).returning();
      if (!row) throw new Error('insert into tickets returned no row');
      return row;
    },

    async addMessage(m: { ticketId: bigint; author: 'user' | 'operator'; operator?: string; content: string }) {
      const [row] = await db
        .insert(ticketMessages)
        .values({ ...m, operator: m.operator ?? null })
        .returning({ id: ticketMessages.id, createdAt: ticketMessages.createdAt });
      if (!row) throw new Error('insert into ticket_messages returned no row');
      return row;
    },

    /** The ticket locked for a state change (a reply, a follow-up), or null. */
    async byIdForUpdate(id: bigint) {
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).for('update');
      return row ?? null;
    },

    async byId(id: bigint) {
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
      return row ?? null;
    },

    async setStatus(id: bigint, status: TicketStatus) {
      await db.update(tickets).set({ status, waitingSince: sql`now()` }).where(eq(tickets.id, id));
    },

    async countOpenOf(userId: bigint) {
      const [row] = await db
        .select({ n: count() })
        .from(tickets)
        .where(and(eq(tickets.userId, userId), eq(tickets.status, 'open')));
      return row?.n ?? 0;
    },

    /** The user's tickets, newest first, each with its first message (the ticket's text). */
    async pageOf(userId: bigint, limit: number, offset: number) {
      const rows = await db
        .select({
          id: tickets.id,
          status: tickets.status,
          aboutKind: tickets.aboutKind,
          aboutId: tickets.aboutId,
          createdAt: tickets.createdAt,
          // Qualified by hand: Drizzle writes a lone column of the only table unqualified ("id"), which inside
          // this subquery would name the message's own id and give every ticket the platform's first message.
          messageId: sql<string>`(SELECT min(m.id) FROM ticket_messages m WHERE m.ticket_id = "tickets"."id")`,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(tickets)
        .where(eq(tickets.userId, userId))
        .orderBy(desc(tickets.id))
        .limit(limit)
        .offset(offset);
      const total =
        rows[0]?.total ??
        (offset > 0
          ? ((await db.select({ n: count() }).from(tickets).where(eq(tickets.userId, userId)))[0]?.n ?? 0)
          : 0);
      return { rows, total };
    },

    /** All messages of a ticket, oldest first. */
    async messagesOf(ticketId: bigint) {
      return db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.id));
    },

    async messagesByIds(ids: bigint[]) {
      if (ids.length === 0) return [];
      return db.select().from(ticketMessages).where(inArray(ticketMessages.id, ids));
    },

    /** Open tickets for the operators, the longest waiting first, with the user's name. */
    async open(limit: number) {
      return db
        .select({
          id: tickets.id,
          userId: tickets.userId,
          username: users.username,
          aboutKind: tickets.aboutKind,
          aboutId: tickets.aboutId,
          createdAt: tickets.createdAt,
          waitingSince: tickets.waitingSince,
        })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(eq(tickets.status, 'open'))
        .orderBy(asc(tickets.waitingSince), asc(tickets.id))
        .limit(limit);
    },
  };
}
