import { and, count, desc, eq, isNotNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { AppDb } from '../client.ts';
import { announcements, announcementTranslations } from '../schema.ts';

export interface AnnouncementSummaryRow {
  id: bigint;
  publishTime: Date;
  language: string;
  title: string;
  summary: string;
}

export interface AnnouncementRow extends AnnouncementSummaryRow {
  body: string;
}

export interface NewAnnouncement {
  publishTime: Date;
  translations: { language: string; title: string; summary: string; body: string }[];
}

const wanted = alias(announcementTranslations, 'wanted');
const fallback = alias(announcementTranslations, 'fallback');

const pick = (a: SQLWrapper, b: SQLWrapper) => sql<string>`coalesce(${a}, ${b})`.mapWith(String);

/** Rows in `language`, or in `fallbackLanguage` where the announcement has no such translation. */
function localized<T extends SelectedFields>(db: AppDb, fields: T, language: string, fallbackLanguage: string) {
  return db
    .select({
      id: announcements.id,
      publishTime: announcements.publishTime,
      language: pick(wanted.language, fallback.language),
      title: pick(wanted.title, fallback.title),
      summary: pick(wanted.summary, fallback.summary),
      ...fields,
    })
    .from(announcements)
    .leftJoin(wanted, and(eq(wanted.announcementId, announcements.id), eq(wanted.language, language)))
    .leftJoin(fallback, and(eq(fallback.announcementId, announcements.id), eq(fallback.language, fallbackLanguage)))
    .$dynamic();
}

function visible(now: Date) {
  return and(lte(announcements.publishTime, now), or(isNotNull(wanted.language), isNotNull(fallback.language)));
}

export function announcementsRepository(db: AppDb) {
  return {
    /** One round trip: the page and, through a window count, the total of visible announcements. */
    async page(q: { language: string; fallbackLanguage: string; limit: number; offset: number; now: Date }) {
      const rows = await localized(
        db,
        { total: sql<number>`count(*) over ()`.mapWith(Number) },
        q.language,
        q.fallbackLanguage,
      )
        .where(visible(q.now))
        .orderBy(desc(announcements.publishTime), desc(announcements.id))
        .limit(q.limit)
        .offset(q.offset);
      // Past the last page there is no row to carry the total: count separately.
      const total = rows[0]?.total ?? (q.offset > 0 ? await this.countVisible(q) : 0);
      return { rows: rows.map(({ total: _, ...row }) => row as AnnouncementSummaryRow), total };
    },

    async countVisible(q: { language: string; fallbackLanguage: string; now: Date }) {
      const [row] = await db
        .select({ total: count() })
        .from(announcements)
        .leftJoin(wanted, and(eq(wanted.announcementId, announcements.id), eq(wanted.language, q.language)))
        .leftJoin(
          fallback,
          and(eq(fallback.announcementId, announcements.id), eq(fallback.language, q.fallbackLanguage)),
        )
        .where(visible(q.now));
      return row?.total ?? 0;
    },

    async byId(q: { id: bigint; language: string; fallbackLanguage: string; now: Date }) {
      const rows = await localized(db, { body: pick(wanted.body, fallback.body) }, q.language, q.fallbackLanguage)
        .where(and(eq(announcements.id, q.id), visible(q.now)))
        .limit(1);
      return (rows[0] as AnnouncementRow | undefined) ?? null;
    },

    async count() {
      const [row] = await db.select({ total: count() }).from(announcements);
      return row?.total ?? 0;
    },

    async insert(a: NewAnnouncement): Promise<bigint> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(announcements)
          .values({ publishTime: a.publishTime })
          .returning({ id: announcements.id });
        if (!row) throw new Error('insert into announcements returned no row');
        await tx.insert(announcementTranslations).values(a.translations.map((t) => ({ announcementId: row.id, ...t })));
        return row.id;
      });
    },
  };
}
