import type { TLanguage } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { SecurityChangeKind } from '../../db/repositories/security-changes.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SecurityNotice } from '../mail/security-change-mail.ts';

/**
 * After a bind, an unbind or a password change, money leaving the account (transfers,
 * withdrawals) waits SECURITY_HOLD_HOURS, so that an owner whose session or key was taken learns of it by
 * e-mail and can act before the balance is gone. Each change is a row of security_changes (what, when, which
 * address) with the end of its hold; the latest end counts.
 */

/** What the owner is told after the change committed; `email` is null for an account without one. */
export interface SecurityChangeRecord {
  email: string | null;
  notice: SecurityNotice;
}

/** When the hold of a change made at `now` ends: `holdHours` later (SECURITY_HOLD_HOURS, 24 by default). */
export function holdEnd(now: Date, holdHours: number): Date {
  return new Date(now.getTime() + Math.round(holdHours * 3_600_000));
}

/** The end (ms) of the latest hold while it still runs at `now`; null once it ended (or without any). */
export function runningHoldUntil(latestEnd: Date | null, now: Date): number | null {
  return latestEnd && latestEnd.getTime() > now.getTime() ? latestEnd.getTime() : null;
}

/** Records a change inside the caller's transaction, so the change and its hold commit together. */
export async function recordSecurityChange(
  tx: Repositories,
  change: { userId: bigint; kind: SecurityChangeKind; currency?: string | null; walletAddress?: string | null },
  holdHours: number,
  now = new Date(),
): Promise<SecurityChangeRecord> {
  const holdUntil = holdEnd(now, holdHours);
  await tx.securityChanges.insert({
    userId: change.userId,
    kind: change.kind,
    currency: change.currency ?? null,
    walletAddress: change.walletAddress ?? null,
    createdAt: now,
    holdUntil,
  });
  const user = await tx.users.byId(change.userId);
  return {
    email: user?.email ?? null,
    notice: { kind: change.kind, walletAddress: change.walletAddress ?? null, at: now, holdUntil },
  };
}

/** Until when (ms) the user's outgoing money is held; null when it is not held at `now`. */
export async function securityHoldUntil(repos: Repositories, userId: bigint, now = new Date()): Promise<number | null> {
  return runningHoldUntil(await repos.securityChanges.holdUntil(userId), now);
}

/** Refuses (81012, naming the end in ISO and ms) money leaving an account within a hold. */
export async function assertNoSecurityHold(repos: Repositories, userId: bigint, now = new Date()): Promise<void> {
  const until = await securityHoldUntil(repos, userId, now);
  if (until !== null) throw new AppError(81012, `until ${new Date(until).toISOString()} (${until})`);
}

/** Mails the notice to the account's e-mail; best effort after the commit: a failure is logged, never thrown. */
export async function notifySecurityChange(
  mailer: Mailer,
  log: { warn: (details: object, message: string) => void },
  record: SecurityChangeRecord,
  language: TLanguage,
): Promise<void> {
  if (!record.email) return;
  try {
    await mailer.sendSecurityNotice(record.email, record.notice, language);
  } catch (error) {
    log.warn({ err: error, kind: record.notice.kind }, 'security change e-mail not sent');
  }
}
