import type { Repositories } from '../../db/repositories/index.ts';
import { PLATFORM } from '../ledger/platform-accounts.ts';
import { levelArrays, teamConfig } from './team-config.ts';

/** One machine purchase as the miner records it (issue 11 calls onMachinePurchased with it). */
export interface MachinePurchase {
  /** The purchase's id (the miner order); bonuses are unique per (order, beneficiary, type). */
  orderId: bigint;
  buyerId: bigint;
  /** The machine's worth in AIDF, a decimal string (NUMERIC in SQL). */
  worth: string;
  at: Date;
}

/**
 * Team effects of one machine purchase, all inside the caller's transaction `tx` (status 1, paid): the buyer's
 * own volume, every upline's team volume and star level, and the direct, level and peer bonuses in AIDF, computed
 * in one set-based statement over the closure table (db/repositories/team.ts computeBonuses) and paid by one
 * set-based statement over the bonus rows (payBonuses). A second call for the same
 * order changes nothing.
 *
 * Locks, after whatever the caller holds (the buyer's user row and accounts): the buyer's and the line's
 * team_stats rows in id order, then the beneficiaries' AIDF accounts and the issuance account in id order. No tree
 * lock: a bind at the same moment locks the moved user's stats row too, so one waits for the other and the
 * volume moved by the bind either includes this worth or the statement adds it to the new line.
 */
export async function onMachinePurchased(tx: Repositories, purchase: MachinePurchase): Promise<void> {
  const claim = await tx.team.claimPurchase({
    ...purchase,
    movementType: 'cow-push-income',
    idemKey: `team-bonus:${purchase.orderId}`,
  });
  if (!claim) return;
  const config = await teamConfig(tx);
  await tx.team.lockLine(purchase.buyerId);
  const { bonuses } = await tx.team.computeBonuses({
    orderId: purchase.orderId,
    buyerId: purchase.buyerId,
    worth: purchase.worth,
    movementId: claim.movementId,
    levels: levelArrays(config),
    directRate: config.directRate,
    peerRate: config.peerRate,
    maxBonusPercent: config.maxBonusPercent,
  });
  if (bonuses === 0 || claim.movementId === null) return;
  await tx.team.payBonuses(purchase.orderId, claim.movementId, PLATFORM.issuance);
}
