import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { NOTIFICATION_KIND_LIST } from '../notifications.ts';
import { ROUTES } from '../routes.ts';
import { safeString } from '../safe-string.ts';
import { pageOf, ZEmpty, ZIdString, ZPageParams, ZTimeMs } from '../schemas.ts';

export const ZNotificationKind = z.enum(NOTIFICATION_KIND_LIST as [string, ...string[]]);

export const ZNotification = z.object({
  id: z.string(),
  kind: ZNotificationKind,
  /** What the text names (amount, currency, from, order, day, browser, ip, address), all strings. */
  params: z.record(z.string(), z.string()),
  createTime: ZTimeMs,
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const notificationList = defineEndpoint({
  ...ROUTES.notificationList,
  summary: "The user's inbox, newest first",
  params: ZPageParams,
  data: pageOf(ZNotification),
});

export const notificationUnread = defineEndpoint({
  ...ROUTES.notificationUnread,
  summary: 'How many inbox items are unread (the bell)',
  data: z.object({ unread: z.number().int().nonnegative() }),
});

export const notificationRead = defineEndpoint({
  ...ROUTES.notificationRead,
  summary: 'Marks one inbox item read (1404 when it is not yours)',
  params: z.object({ id: ZIdString }),
  data: ZEmpty,
});

export const notificationReadAll = defineEndpoint({
  ...ROUTES.notificationReadAll,
  summary: 'Marks every inbox item read',
  data: ZEmpty,
});

export const ZNotificationSettings = z.object({
  /** The word every e-mail carries; null until the user sets one. */
  antiPhishingWord: z.string().nullable(),
  /** The money kinds whose e-mail is off. */
  emailOptOut: z.array(z.string()),
  /** The kinds that may be turned off (the money kinds); security e-mails cannot be. */
  optOutKinds: z.array(z.string()),
  /** Whether the account has an e-mail at all (without one, nothing is mailed). */
  hasEmail: z.boolean(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const notificationSettings = defineEndpoint({
  ...ROUTES.notificationSettings,
  summary: 'The anti-phishing word and the money e-mails turned off',
  data: ZNotificationSettings,
});

export const saveNotificationSettings = defineEndpoint({
  ...ROUTES.saveNotificationSettings,
  summary: 'Sets the anti-phishing word (81100 when not 4-20 letters or digits) and the e-mails turned off (81101)',
  body: z.object({
    antiPhishingWord: safeString().max(100).optional(),
    emailOptOut: z.array(safeString().max(40)).max(40).optional(),
  }),
  data: ZNotificationSettings,
});

export const ZSignedInDevice = z.object({
  /** The session's public id (not its token). */
  id: z.string(),
  /** "Chrome · Android", from the user agent. */
  browser: z.string(),
  /** The address prefix it signed in from: 203.0.113.x, 2001:db8:0::/48. */
  ipPrefix: z.string(),
  signedInAt: ZTimeMs,
  lastSeenAt: ZTimeMs,
  /** The session making this call. */
  current: z.boolean(),
});
export type TSignedInDevice = z.infer<typeof ZSignedInDevice>;

export const sessionList = defineEndpoint({
  ...ROUTES.sessionList,
  summary: 'The devices signed in to the account, the latest used first',
  data: z.object({ list: z.array(ZSignedInDevice) }),
});

export const sessionSignOut = defineEndpoint({
  ...ROUTES.sessionSignOut,
  summary: 'Signs one device out (81102 when no such device is signed in)',
  params: z.object({ id: safeString().regex(/^[0-9a-f]{16}$/) }),
  data: ZEmpty,
});

export const sessionSignOutOthers = defineEndpoint({
  ...ROUTES.sessionSignOutOthers,
  summary: 'Signs every other device out',
  data: ZEmpty,
});
