import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { attachmentBlobs, attachments, ticketMessages, tickets } from '../schema.ts';

export interface NewBlob {
  sha256: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  bytes: Buffer;
}

export function attachmentsRepository(db: AppDb) {
  return {
    /** The user's uploads since `since`, and the bytes of everything the user ever uploaded (the quota). */
    async usageOf(userId: bigint, since: Date) {
      const [recent] = await db
        .select({ n: count() })
        .from(attachments)
        .where(and(eq(attachments.userId, userId), gt(attachments.createdAt, since)));
      const [stored] = await db
        .select({ bytes: sql<string>`coalesce(sum(${attachmentBlobs.size}), 0)`.mapWith(Number) })
        .from(attachments)
        .innerJoin(attachmentBlobs, eq(attachmentBlobs.sha256, attachments.sha256))
        .where(eq(attachments.userId, userId));
      return { uploadsSince: recent?.n ?? 0, storedBytes: stored?.bytes ?? 0 };
    },

    /** Stores each blob once (same bytes, same address) and one upload row per file; answers the ids. */
    async insertUploads(userId: bigint, blobs: NewBlob[]): Promise<bigint[]> {
      if (blobs.length === 0) return [];
      await db.insert(attachmentBlobs).values(blobs).onConflictDoNothing();
      const rows = await db
        .insert(attachments)
        .values(blobs.map((b) => ({ userId, sha256: b.sha256 })))
        .returning({ id: attachments.id });
      return rows.map((r) => r.id);
    },

    /**
     * Attaches the user's own, not yet attached uploads to a message; answers how many it took, so the
     * caller refuses when one id was someone else's, unknown or already used.
     */
    async attach(userId: bigint, ids: bigint[], messageId: bigint): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(attachments)
        .set({ messageId })
        .where(and(inArray(attachments.id, ids), eq(attachments.userId, userId), isNull(attachments.messageId)))
        .returning({ id: attachments.id });
      return rows.length;
    },

    /** Upload ids of each message, oldest first. */
    async idsByMessage(messageIds: bigint[]): Promise<Map<bigint, string[]>> {
      const map = new Map<bigint, string[]>();
      if (messageIds.length === 0) return map;
      const rows = await db
        .select({ id: attachments.id, messageId: attachments.messageId })
        .from(attachments)
        .where(inArray(attachments.messageId, messageIds))
        .orderBy(attachments.id);
      for (const r of rows) {
        if (r.messageId === null) continue;
        map.set(r.messageId, [...(map.get(r.messageId) ?? []), r.id.toString()]);
      }
      return map;
    },

    /** The image of upload `id` with its owner and ticket (null while not attached). */
    async image(id: bigint) {
      const [row] = await db
        .select({
          userId: attachments.userId,
          ticketId: ticketMessages.ticketId,
          mime: attachmentBlobs.mime,
          bytes: attachmentBlobs.bytes,
          sha256: attachmentBlobs.sha256,
        })
        .from(attachments)
        .innerJoin(attachmentBlobs, eq(attachmentBlobs.sha256, attachments.sha256))
        .leftJoin(ticketMessages, eq(ticketMessages.id, attachments.messageId))
        .leftJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(eq(attachments.id, id));
      return row ?? null;
    },

    async countBlobs() {
      const [row] = await db.select({ n: count() }).from(attachmentBlobs);
      return row?.n ?? 0;
    },

    async blob(sha256: string) {
      const [row] = await db.select().from(attachmentBlobs).where(eq(attachmentBlobs.sha256, sha256));
      return row ?? null;
    },
  };
}
