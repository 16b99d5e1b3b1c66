import { isLanguage, NOTIFICATION_KINDS, type NotificationKind } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { notificationMail } from '../mail/notification-mail.ts';

/** One event a user is told of (docs/glossary.md "notification"). */
export interface Notice {
  userId: bigint;
  kind: NotificationKind;
  /** What the texts name: amounts and currencies, a username, an order, a browser and address prefix… */
  params: Record<string, string>;
  /** The source event's own key (a movement id, a withdrawal and its state, a day): the same key tells once. */
  key: string;
}

/**
 * THE entry point of notifications: call it inside the transaction of the event it reports, so the inbox item
 * and its e-mail commit with the event or not at all. Creates the inbox item once per (user, kind, key): a
 * retried or replayed event returns false and adds nothing. With it, for money and security kinds, the e-mail
 * (in the user's language, with the anti-phishing word) goes to the outbox, unless the user has no e-mail or
 * turned that money kind off; the mail-outbox work sends it.
 */
export async function notify(tx: Repositories, notice: Notice): Promise<boolean> {
  const id = await tx.notifications.insertOnce({
    userId: notice.userId,
    kind: notice.kind,
    params: notice.params,
    sourceKey: notice.key,
  });
  if (id === null) return false;
  if (!hasMail(notice.kind)) return true;
  const mail = mailOf(notice, await tx.notifications.mailProfile(notice.userId));
  if (mail) {
    await tx.notifications.enqueueMail({
      notificationId: id,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
    });
  }
  return true;
}

/** What a user's e-mails need, as notificationsRepository.mailProfile reads it (null: no such user). */
export interface MailProfile {
  email: string | null;
  language: string | null;
  word: string | null;
  optOut: string[] | null;
}

/** Whether a kind is ever told by e-mail (money and security kinds, ticket replies aside). */
function hasMail(kind: NotificationKind): boolean {
  const category = NOTIFICATION_KINDS[kind];
  return category !== 'inbox' && kind !== 'ticket-replied';
}

/** The e-mail of a notice to a user of this profile; null without an address or for a money kind turned off. */
function mailOf(notice: Pick<Notice, 'kind' | 'params'>, profile: MailProfile | null) {
  const { kind } = notice;
  if (kind === 'ticket-replied' || !hasMail(kind) || !profile?.email) return null;
  const category = NOTIFICATION_KINDS[kind];
  if (category === 'money' && profile.optOut?.includes(kind)) return null;
  const language = isLanguage(profile.language) ? profile.language : 'en';
  const mail = notificationMail(kind, notice.params, language, profile.word, category === 'security');
  return { to: profile.email, subject: mail.subject, body: mail.text };
}

/** A notice the ledger writes with its movement (post_movement), keyed by the movement, with its e-mail. */
export interface MovementNotice {
  userId: string;
  kind: NotificationKind;
  params: Record<string, string>;
  mail: { to: string; subject: string; body: string } | null;
}

/**
 * The notice of a movement, for postPrepared, from the user's mail profile read beforehand: what notify() writes
 * in the movement's transaction, with the key `movement:<id>`, written by the movement's own statement instead.
 */
export function movementNotice(notice: Omit<Notice, 'key'>, profile: MailProfile | null): MovementNotice {
  return {
    userId: notice.userId.toString(),
    kind: notice.kind,
    params: notice.params,
    mail: mailOf(notice, profile),
  };
}
