export const UNREAD_KEY = ['notifications', 'unread'] as const;
export const INBOX_KEY = ['notifications', 'inbox'] as const;
export const NOTICE_SETTINGS_KEY = ['notifications', 'settings'] as const;
export const DEVICES_KEY = ['sessions'] as const;
/** The bell looks again now and then, so a deposit credited meanwhile shows without a reload. */
export const UNREAD_REFRESH_MS = 30_000;
