import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
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

export interface TranslationText {
  language: string;
  title: string;
  summary: string;
  body: string;
}

export interface NewAnnouncement {
  /** Null: a draft (0025_announcement_drafts.sql), which the app never shows. */
  publishTime: Date | null;
  translations: TranslationText[];
}

/** An announcement as the console edits it: every translation, draft or published. */
export interface AnnouncementDraftRow {
  id: bigint;
  publishTime: Date | null;
  createdAt: Date;
  updatedAt: Date;
  translations: TranslationText[];
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

/** Published by `now`: a draft's null publish_time never compares, so the app never lists or opens one. */
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

    /** The console's list: the newest `limit` announcements, drafts and published, with all their translations. */
    async withTranslations(q: { limit: number } | { id: bigint; forUpdate: boolean }): Promise<AnnouncementDraftRow[]> {
      const base = db.select().from(announcements).$dynamic();
      const heads =
        'id' in q
          ? await (q.forUpdate
              ? base.where(eq(announcements.id, q.id)).for('update')
              : base.where(eq(announcements.id, q.id)))
          : await base.orderBy(desc(announcements.id)).limit(q.limit);
      if (heads.length === 0) return [];
      const texts = await db
        .select()
        .from(announcementTranslations)
        .where(
          inArray(
            announcementTranslations.announcementId,
            heads.map((h) => h.id),
          ),
        )
        .orderBy(announcementTranslations.language);
      return heads.map((h) => ({
        ...h,
        translations: texts
          .filter((t) => t.announcementId === h.id)
          .map(({ language, title, summary, body }) => ({ language, title, summary, body })),
      }));
    },

    /** Replaces a draft's texts: the languages given are written, the others removed; a published one is kept. */
    async replaceDraftTexts(id: bigint, translations: TranslationText[], now: Date): Promise<boolean> {
      const [row] = await db
        .update(announcements)
        .set({ updatedAt: now })
        .where(and(eq(announcements.id, id), isNull(announcements.publishTime)))
        .returning({ id: announcements.id });
      if (!row) return false;
      const languages = translations.map((t) => t.language);
      await db
        .delete(announcementTranslations)
        .where(
          and(
            eq(announcementTranslations.announcementId, id),
            languages.length ? notInArray(announcementTranslations.language, languages) : undefined,
          ),
        );
      if (translations.length === 0) return true;
      await db
        .insert(announcementTranslations)
        .values(translations.map((t) => ({ announcementId: id, ...t })))
        .onConflictDoUpdate({
          target: [announcementTranslations.announcementId, announcementTranslations.language],
          set: {
            title: sql`excluded.title`,
            summary: sql`excluded.summary`,
            body: sql`excluded.body`,
          },
        });
      return true;
    },

    /** Publishes a draft at `now`; false when it is no draft (already published, or unknown). */
    async publishDraft(id: bigint, now: Date): Promise<boolean> {
      const rows = await db
        .update(announcements)
        .set({ publishTime: now, updatedAt: now })
        .where(and(eq(announcements.id, id), isNull(announcements.publishTime)))
        .returning({ id: announcements.id });
      return rows.length === 1;
    },

    async insert(a: NewAnnouncement): Promise<bigint> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(announcements)
          .values({ publishTime: a.publishTime })
          .returning({ id: announcements.id });
        if (!row) throw new Error('insert into announcements returned no row');
        if (a.translations.length > 0) {
          await tx
            .insert(announcementTranslations)
            .values(a.translations.map((t) => ({ announcementId: row.id, ...t })));
        }
        return row.id;
      });
    },
  };
}
