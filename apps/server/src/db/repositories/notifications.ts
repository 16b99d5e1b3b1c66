import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { mailOutbox, notificationSettings, notifications, users } from '../schema.ts';

/** One e-mail of the outbox as the mail-outbox work claimed it. */
export interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

export function notificationsRepository(db: AppDb) {
  return {
    /**
     * Records a notification once per (user, kind, source key); the id when this call created it, null when it
     * existed already (a retried or replayed event).
     */
    async insertOnce(n: { userId: bigint; kind: string; params: Record<string, string>; sourceKey: string }) {
      const [row] = await db
        .insert(notifications)
        .values(n)
        .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.sourceKey] })
        .returning({ id: notifications.id });
      return row?.id ?? null;
    },
    /** What an e-mail to the user needs: the address (null without one), the language, the word, the opt-outs. */
    async mailProfile(userId: bigint) {
      const [row] = await db
        .select({
          email: users.email,
          language: notificationSettings.language,
          word: notificationSettings.antiPhishingWord,
          optOut: notificationSettings.emailOptOut,
        })
        .from(users)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },
    async enqueueMail(m: { notificationId: bigint; toAddress: string; subject: string; body: string }) {
      await db.insert(mailOutbox).values(m).onConflictDoNothing({ target: mailOutbox.notificationId });
    },
    /**
     * The set-based notify() of a daily batch: one INSERT … SELECT of the notifications of every user credited a
     * line of `entryType` in the movement (summed), and with it their e-mails from `texts` (per language; `{amount}`
     * and `{word}` filled here). Answers how many users were told now.
     */
    async notifyBatch(b: {
      movementId: bigint;
      /** The user's lines of the movement that make the amount told, each counted with its sign (+1 or -1). */
      terms: { type: string; sign: 1 | -1 }[];
      kind: string;
      key: string;
      currency: string;
      day: string;
      texts: { language: string; subject: string; withWord: string; noWord: string }[];
    }): Promise<number> {
      const result = await db.execute(sql`
        WITH terms AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(b.terms)}::jsonb) AS t(type text, sign int)
        ), credited AS (
          SELECT a.owner_user_id AS user_id, trim_scale(sum(e.amount * terms.sign))::text AS amount
          FROM entries e JOIN accounts a ON a.id = e.account_id JOIN terms ON terms.type = e.type
          WHERE e.movement_id = ${b.movementId} AND a.owner_user_id IS NOT NULL
          GROUP BY a.owner_user_id
          HAVING sum(e.amount * terms.sign) > 0
        ), told AS (
          INSERT INTO notifications (user_id, kind, params, source_key)
          SELECT user_id, ${b.kind},
            jsonb_build_object('amount', amount, 'currency', ${b.currency}::text, 'day', ${b.day}::text), ${b.key}
          FROM credited
          -- In user order: two runs of one day (one that lost its lease and the one that took the day over) insert
          -- the same keys; in the same order one waits for the other instead of both deadlocking.
          ORDER BY user_id
          ON CONFLICT (user_id, kind, source_key) DO NOTHING
          RETURNING id, user_id, params->>'amount' AS amount
        ), mailed AS (
          INSERT INTO mail_outbox (notification_id, to_address, subject, body)
          SELECT told.id, u.email, replace(t.subject, '{amount}', told.amount),
            replace(CASE WHEN s.anti_phishing_word IS NULL THEN t."noWord"
              ELSE replace(t."withWord", '{word}', s.anti_phishing_word) END, '{amount}', told.amount)
          FROM told
          JOIN users u ON u.id = told.user_id
          LEFT JOIN notification_settings s ON s.user_id = told.user_id
          JOIN jsonb_to_recordset(${JSON.stringify(b.texts)}::jsonb)
            AS t(language text, subject text, "withWord" text, "noWord" text)
            ON t.language = coalesce(s.language, 'en')
          WHERE u.email IS NOT NULL AND NOT (${b.kind}::text = ANY (coalesce(s.email_opt_out, '{}')))
          RETURNING id
        )
        SELECT (SELECT count(*) FROM told)::text AS n`);
      return Number(rowsOf<{ n: string }>(result)[0]?.n ?? 0);
    },
    /** A page of the user's inbox, newest first, and how many items it has in all. */
    async page(userId: bigint, offset: number, limit: number) {
      const list = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id))
        .offset(offset)
        .limit(limit);
      const [all] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
      return { list, total: all?.n ?? 0 };
    },
    async unreadCount(userId: bigint) {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    /** Marks one notification of the user read; false when the user has no such notification. */
    async markRead(userId: bigint, id: bigint, now: Date) {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
    async markAllRead(userId: bigint, now: Date) {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },
    async settingsOf(userId: bigint) {
      const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
      return row ?? null;
    },
    /** Creates or changes the user's settings; a field left out keeps its value. */
    async saveSettings(
      userId: bigint,
      s: { antiPhishingWord?: string | null; language?: string; emailOptOut?: string[] },
      now: Date,
    ) {
      await db
        .insert(notificationSettings)
        .values({ userId, ...s, updatedAt: now })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...s, updatedAt: now } });
    },
    /**
     * Claims up to `limit` unsent e-mails whose lease is free, leasing them for `leaseMs`: SKIP LOCKED lets several
     * workers claim side by side, the lease keeps a claimed e-mail from a second worker until it ends.
     */
    async claimMail(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      const result = await db.execute(sql`
        UPDATE mail_outbox SET lease_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM mail_outbox
          WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())
          ORDER BY id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id::text, to_address, subject, body, attempts`);
      return rowsOf<ClaimedMail>(result);
    },
    async markMailSent(id: bigint, now: Date) {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: now, leaseUntil: null }).where(eq(mailOutbox.id, id));
    },
    /** A failed send: tried again once `retryAt` passed. */
    async markMailFailed(id: bigint, error: string, retryAt: Date) {
      await db.update(mailOutbox).set({ lastError: error, leaseUntil: retryAt }).where(eq(mailOutbox.id, id));
    },
  };
}
