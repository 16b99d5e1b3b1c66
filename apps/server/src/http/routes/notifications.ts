import {
  notificationList,
  notificationRead,
  notificationReadAll,
  notificationSettings,
  notificationUnread,
  saveNotificationSettings,
  sessionList,
  sessionSignOut,
  sessionSignOutOthers,
} from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import {
  inboxPage,
  markRead,
  notificationSettingsOf,
  saveNotificationSettings as saveSettings,
} from '../../domain/notifications/inbox.ts';
import { signedInDevices, signOutDevice, signOutOtherDevices } from '../../domain/notifications/signed-in-devices.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

/** The inbox, the notification settings and the signed-in devices (docs/user-guide.md "Inbox" and "Devices"). */
export async function notificationRoutes(app: FastifyInstance) {
  defineRoute(app, notificationList, ({ params, request }) => inboxPage(app.repos, sessionOf(request).userId, params));
  defineRoute(app, notificationUnread, async ({ request }) => ({
    unread: await app.repos.notifications.unreadCount(sessionOf(request).userId),
  }));
  defineRoute(app, notificationRead, ({ params, request }) =>
    markRead(app.repos, sessionOf(request).userId, BigInt(params.id)),
  );
  defineRoute(app, notificationReadAll, async ({ request }) => {
    await app.repos.notifications.markAllRead(sessionOf(request).userId, new Date());
    return null;
  });
  defineRoute(app, notificationSettings, ({ request }) => notificationSettingsOf(app.repos, sessionOf(request).userId));
  defineRoute(app, saveNotificationSettings, ({ body, request }) =>
    saveSettings(app.repos, sessionOf(request).userId, body),
  );

  defineRoute(app, sessionList, ({ request }) => {
    const session = sessionOf(request);
    return signedInDevices(app.repos, session.userId, session.tokenHash);
  });
  defineRoute(app, sessionSignOut, ({ params, request }) =>
    signOutDevice(app.repos, sessionOf(request).userId, params.id),
  );
  defineRoute(app, sessionSignOutOthers, ({ request }) => {
    const session = sessionOf(request);
    return signOutOtherDevices(app.repos, session.userId, session.tokenHash);
  });
}
