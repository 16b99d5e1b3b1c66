import { LANGUAGE_CODES, type TLanguage } from '@aidf/contract';
import type { AnnouncementDraftRow, TranslationText } from '../../db/repositories/announcements.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import type { OperatorActor } from '../operator/roles.ts';
import { sanitizeAnnouncementHtml, summarize } from './publish-announcement.ts';

/** What the console sends per language; a draft may lack languages, and the summary is made from the body. */
export type DraftTexts = Partial<Record<TLanguage, { title: string; summary?: string | undefined; body: string }>>;

/** How many announcements the console's list shows, newest first. */
const LIST_LIMIT = 500;

/** The texts as stored: the body sanitized as the app will show it, empty languages left out. */
function storedTexts(texts: DraftTexts): TranslationText[] {
  return LANGUAGE_CODES.flatMap((language) => {
    const t = texts[language];
    if (!t || (t.title.trim() === '' && t.body.trim() === '')) return [];
    const body = sanitizeAnnouncementHtml(t.body);
    return [{ language, title: t.title.trim(), body, summary: t.summary?.trim() || summarize(body) }];
  });
}

function view(row: AnnouncementDraftRow) {
  return {
    id: row.id.toString(),
    status: row.publishTime === null ? ('draft' as const) : ('published' as const),
    publishTime: row.publishTime?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    translations: Object.fromEntries(
      row.translations.map((t) => [t.language, { title: t.title, summary: t.summary, body: t.body }]),
    ),
  };
}

export type AnnouncementView = ReturnType<typeof view>;

export async function listAnnouncementsForOperators(repos: Repositories): Promise<AnnouncementView[]> {
  return (await repos.announcements.withTranslations({ limit: LIST_LIMIT })).map(view);
}

/** The announcement, locked for the change the caller makes; 1404 when unknown, 1409 when already published. */
async function lockedDraft(tx: Repositories, id: bigint): Promise<AnnouncementDraftRow> {
  const [row] = await tx.announcements.withTranslations({ id, forUpdate: true });
  if (!row) throw new AppError(1404, `no announcement ${id}`);
  if (row.publishTime !== null) throw new AppError(1409, `announcement ${id} is published; only drafts change`);
  return row;
}

/** A new draft, audited; nobody outside the console sees it until it is published. */
export async function createAnnouncementDraft(
  repos: Repositories,
  actor: OperatorActor,
  input: { translations: DraftTexts; reason?: string | undefined },
) {
  const translations = storedTexts(input.translations);
  return repos.transaction(async (tx) => {
    const id = await tx.announcements.insert({ publishTime: null, translations });
    await tx.operatorActions.record({
      actor,
      action: 'announcement-create',
      target: `announcement:${id}`,
      after: { status: 'draft', translations },
      reason: input.reason?.trim() || 'new announcement draft',
    });
    return { id: id.toString(), status: 'draft' as const };
  });
}

/** Replaces a draft's texts (languages left out are removed), audited with the texts before and after. */
export async function updateAnnouncementDraft(
  repos: Repositories,
  actor: OperatorActor,
  input: { id: bigint; translations: DraftTexts; reason?: string | undefined },
): Promise<AnnouncementView> {
  const translations = storedTexts(input.translations);
  return repos.transaction(async (tx) => {
    const before = await lockedDraft(tx, input.id);
    const now = new Date();
    if (!(await tx.announcements.replaceDraftTexts(input.id, translations, now))) {
      throw new AppError(1409, `announcement ${input.id} is published; only drafts change`);
    }
    await tx.operatorActions.record({
      actor,
      action: 'announcement-update',
      target: `announcement:${input.id}`,
      before: { status: 'draft', translations: before.translations },
      after: { status: 'draft', translations },
      reason: input.reason?.trim() || 'announcement draft edited',
    });
    return view({ ...before, updatedAt: now, translations });
  });
}

/** Publishes a draft now, once every one of the eleven languages has a title and a body; audited. */
export async function publishAnnouncementDraft(
  repos: Repositories,
  actor: OperatorActor,
  input: { id: bigint; reason?: string | undefined },
) {
  return repos.transaction(async (tx) => {
    const draft = await lockedDraft(tx, input.id);
    const missing = LANGUAGE_CODES.filter((language) => {
      const t = draft.translations.find((x) => x.language === language);
      return !t || t.title === '' || summarize(t.body) === '';
    });
    if (missing.length > 0) {
      throw new AppError(
        1225,
        `every language needs a title and a body before publishing; missing: ${missing.join(', ')}`,
      );
    }
    const now = new Date();
    if (!(await tx.announcements.publishDraft(input.id, now))) {
      throw new AppError(1409, `announcement ${input.id} is already published`);
    }
    await tx.operatorActions.record({
      actor,
      action: 'announcement-publish',
      target: `announcement:${input.id}`,
      before: { status: 'draft' },
      after: { status: 'published', publishTime: now.toISOString() },
      reason: input.reason?.trim() || 'announcement published',
    });
    return { id: input.id.toString(), status: 'published' as const, publishTime: now.getTime() };
  });
}
