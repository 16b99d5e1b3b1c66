import type { Repositories } from '../../db/repositories/index.ts';
import { levelArrays, teamConfig } from './team-config.ts';

/**
 * Writes `userId`'s place under `inviterId` in the closure table, inside the caller's transaction (the inviter
 * bind or the first sign-in that creates the user), with the new line's volumes, direct counts and levels.
 * The caller holds the invite tree's lock: exclusive for a bind (which may move a whole team), shared for a
 * new user (a leaf, which cannot close a cycle).
 */
export async function joinTeam(tx: Repositories, userId: bigint, inviterId: bigint): Promise<void> {
  await tx.team.attach(userId, inviterId, levelArrays(await teamConfig(tx)));
}
