import type { Repositories } from '../../db/repositories/index.ts';
import { PLATFORM, platformAccount } from '../ledger/platform-accounts.ts';
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
 * own volume, every upline's team volume and star level, and the direct, level and peer bonuses in AIDF, in one
 * set-based statement over the closure table (db/repositories/team.ts payPurchase). A second call for the same
 * order changes nothing.
 *
 * Locks, after whatever the caller holds (the buyer's user row and accounts): the buyer's and the line's
 * team_stats rows in id order, then the line's AIDF accounts and the issuance account in id order. No tree
 * lock: a bind at the same moment locks the moved user's stats row too, so one waits for the other and the
 * volume moved by the bind either includes this worth or the statement adds it to the new line.
 */
export async function onMachinePurchased(tx: Repositories, purchase: MachinePurchase): Promise<void> {
  if (!(await tx.team.claimPurchase(purchase))) return;
  const config = await teamConfig(tx);
  const issuanceAccountId = await tx.ledger.ensureAccount(platformAccount(PLATFORM.issuance, 'aidf'));
  const uplines = await tx.team.prepareLine(purchase.buyerId, purchase.worth, issuanceAccountId);
  if (uplines === 0) return;
  const movementId = await tx.ledger.insertMovement({
    type: 'cow-push-income',
    idemKey: `team-bonus:${purchase.orderId}`,
    ref: String(purchase.orderId),
  });
  if (movementId === null)
    throw new Error(`team bonus movement of order ${purchase.orderId} exists without its purchase`);
  await tx.team.setPurchaseMovement(purchase.orderId, movementId);
  await tx.team.payPurchase({
    orderId: purchase.orderId,
    buyerId: purchase.buyerId,
    worth: purchase.worth,
    movementId,
    issuanceAccountId,
    levels: levelArrays(config),
    directRate: config.directRate,
    peerRate: config.peerRate,
    maxBonusPercent: config.maxBonusPercent,
  });
}
