import { DEFAULT_LANGUAGE, type TAnnouncement, type TAnnouncementSummary, type TLanguage } from '@aidf/contract';
import type { AnnouncementSummaryRow } from '../../db/repositories/announcements.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';

function toSummary(row: AnnouncementSummaryRow): TAnnouncementSummary {
  return {
    id: row.id.toString(),
    title: row.title,
    summary: row.summary,
    language: row.language,
    publishTime: row.publishTime.getTime(),
  };
}

/** Published announcements, newest first, in `language` or English where an announcement lacks it. */
export async function listAnnouncements(
  repos: Repositories,
  q: { language: TLanguage; pageNum: number; pageSize: number; now?: Date },
) {
  const { rows, total } = await repos.announcements.page({
    language: q.language,
    fallbackLanguage: DEFAULT_LANGUAGE,
    limit: q.pageSize,
    offset: (q.pageNum - 1) * q.pageSize,
    now: q.now ?? new Date(),
  });
  return { list: rows.map(toSummary), total };
}

/** One published announcement; 1404 when it does not exist or is not yet published. */
export async function getAnnouncement(
  repos: Repositories,
  q: { id: bigint; language: TLanguage; now?: Date },
): Promise<TAnnouncement> {
  const row = await repos.announcements.byId({
    id: q.id,
    language: q.language,
    fallbackLanguage: DEFAULT_LANGUAGE,
    now: q.now ?? new Date(),
  });
  if (!row) throw new AppError(1404, 'announcement');
  return { ...toSummary(row), content: row.body };
}
