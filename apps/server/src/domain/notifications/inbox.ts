import {
  ANTI_PHISHING_WORD,
  EMAIL_OPT_OUT_KINDS,
  type NotificationKind,
  type TNotification,
  type TNotificationSettings,
} from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';

/** A page of the user's inbox, newest first (pageNum from 1). */
export async function inboxPage(
  repos: Repositories,
  userId: bigint,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: TNotification[]; total: number }> {
  const { list, total } = await repos.notifications.page(userId, (page.pageNum - 1) * page.pageSize, page.pageSize);
  return {
    total,
    list: list.map((n) => ({
      id: n.id.toString(),
      kind: n.kind as NotificationKind,
      params: n.params,
      createTime: n.createdAt.getTime(),
      read: n.readAt !== null,
    })),
  };
}

/** Marks one of the user's inbox items read; 1404 for an item that is not the user's. */
export async function markRead(repos: Repositories, userId: bigint, id: bigint): Promise<null> {
  if (!(await repos.notifications.markRead(userId, id, new Date()))) throw new AppError(1404, 'no such inbox item');
  return null;
}

export async function notificationSettingsOf(repos: Repositories, userId: bigint): Promise<TNotificationSettings> {
  const [settings, profile] = await Promise.all([
    repos.notifications.settingsOf(userId),
    repos.notifications.mailProfile(userId),
  ]);
  return {
    antiPhishingWord: settings?.antiPhishingWord ?? null,
    emailOptOut: settings?.emailOptOut ?? [],
    optOutKinds: [...EMAIL_OPT_OUT_KINDS],
    hasEmail: Boolean(profile?.email),
  };
}

/**
 * Changes the anti-phishing word and the money e-mails turned off; a field left out keeps its value. A word that
 * is not 4 to 20 letters or digits (81100) or a kind that is not a money kind (81101) changes nothing.
 */
export async function saveNotificationSettings(
  repos: Repositories,
  userId: bigint,
  input: { antiPhishingWord?: string | undefined; emailOptOut?: string[] | undefined },
): Promise<TNotificationSettings> {
  const word = input.antiPhishingWord?.trim();
  if (word !== undefined && !ANTI_PHISHING_WORD.test(word)) throw new AppError(81100);
  const optOut = input.emailOptOut && [...new Set(input.emailOptOut)];
  if (optOut?.some((kind) => !(EMAIL_OPT_OUT_KINDS as string[]).includes(kind))) throw new AppError(81101);
  await repos.notifications.saveSettings(
    userId,
    { ...(word !== undefined ? { antiPhishingWord: word } : {}), ...(optOut ? { emailOptOut: optOut } : {}) },
    new Date(),
  );
  return notificationSettingsOf(repos, userId);
}
