import { DEFAULT_LANGUAGE, type TLanguage } from '@aidf/contract';
import sanitizeHtml from 'sanitize-html';
import type { Repositories } from '../../db/repositories/index.ts';

export interface AnnouncementDraft {
  publishTime: Date;
  translations: Partial<Record<TLanguage, { title: string; body: string }>>;
}

const SUMMARY_LENGTH = 140;

/** Keeps formatting and links, drops scripts, styles, handlers and foreign schemes. */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  });
}

/** Plain text of the body, shortened for the list, cut at a word where one is near. */
export function summarize(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_LENGTH * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Stores an announcement with its translations; English is required, as it is every language's fallback. */
export async function publishAnnouncement(repos: Repositories, draft: AnnouncementDraft): Promise<bigint> {
  if (!draft.translations[DEFAULT_LANGUAGE]) throw new Error('An announcement needs its English text');
  const translations = Object.entries(draft.translations).map(([language, t]) => {
    const body = sanitizeAnnouncementHtml(t.body);
    return { language, title: t.title.trim(), body, summary: summarize(body) };
  });
  return repos.announcements.insert({ publishTime: draft.publishTime, translations });
}
