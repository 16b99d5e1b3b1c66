import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { reserveAttempt } from '../limits/attempts.ts';
import { chargeOf } from '../limits/policies.ts';
import { joinTeam } from '../team/join-team.ts';

/** The user behind an invite code (a username); 81001 when there is none. */
export async function inviterByCode(repos: Repositories, inviteCode: string) {
  const inviter = await repos.users.byUsername(inviteCode.trim().toLowerCase());
  if (!inviter) throw new AppError(81001);
  return inviter;
}

/**
 * Binds an inviter once (POST /v1/cow/home/register): 81001 for an unknown code, 10471 when one is bound,
 * 1119 for yourself or anyone in your own downline (a cycle).
 */
export async function bindInviter(repos: Repositories, userId: bigint, inviteCode: string): Promise<void> {
  await repos.transaction(async (tx) => {
    // Binds one at a time: the upline check below and the bind must not interleave with another bind
    // (A→B and B→A at once would both pass, and a cycle may run through rows neither bind touches).
    await tx.users.lockInviteTree();
    const user = await tx.users.byIdForUpdate(userId);
    if (!user) throw new AppError(1226);
    if (user.inviterId !== null) throw new AppError(10471);
    const inviter = await inviterByCode(tx, inviteCode);
    if (inviter.id === userId) throw new AppError(1119, 'you cannot invite yourself');
    if (await tx.team.isInDownline(userId, inviter.id)) throw new AppError(1119, 'the inviter is in your own team');
    await tx.users.setInviter(userId, inviter.id);
    // The closure rows, volumes and levels move with the bind, in its transaction.
    await joinTeam(tx, userId, inviter.id);
  });
}

/**
 * GET /v1/ma/user/followed/invite: the inviter's code, '1' when the user has none, '2' for an unknown user.
 * Asked by an e-mail, it answers '1' whatever the account: any other answer would tell anyone whether the
 * e-mail has an account. Sign-in by e-mail keeps an account's bound inviter whatever code it is sent, so
 * nothing depends on the answer there. Usernames are the invite codes users hand out, so they answer in
 * full. Counted per client (`inviteLookup`), so names cannot be tried in bulk.
 */
export async function followedInvite(repos: Repositories, input: { loginName: string; ip: string }): Promise<string> {
  await reserveAttempt(repos, chargeOf('inviteLookup', input.ip, ''));
  const name = input.loginName.trim().toLowerCase();
  if (name.includes('@')) return '1';
  const user = await repos.users.byUsername(name);
  if (!user) return '2';
  if (user.inviterId === null) return '1';
  const inviter = await repos.users.byId(user.inviterId);
  return inviter?.username ?? '1';
}
