import { TEAM_BONUS_TYPES } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { bookBatch } from '../ledger/book-batch.ts';
import { PLATFORM } from '../ledger/platform-accounts.ts';
import { levelArrays, teamConfig } from './team-config.ts';

/**
 * The bonus types in the order the bonus statement writes one beneficiary's lines: direct, level, peer — the
 * registry's order (packages/contract transaction-types.ts), checked once here so a change there cannot
 * silently reorder them.
 */
const BONUS_LINE_TYPES = (() => {
  const [direct, level, peer, ...more] = TEAM_BONUS_TYPES;
  if (
    direct !== 'cow-push-income' ||
    level !== 'cow-sns-level-income' ||
    peer !== 'cow-sns-same-level-income' ||
    more.length
  )
    throw new Error(`the team bonus types are not direct, level, peer: ${TEAM_BONUS_TYPES.join(', ')}`);
  return [direct, level, peer] as const;
})();

/** One machine purchase as the miner records it (the miner calls onMachinePurchased with it). */
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
 * own volume, the worth appended once to the team volume tail (migration 0021; the uplines' team_stats rows are
 * not written, a rollup job moves the tail into them later), every upline's star level, and the direct, level
 * and peer bonuses in AIDF, computed in one set-based statement over the closure table (db/repositories/team.ts
 * computeBonuses) and paid through the ledger's batch booking (bookBatch) in one set-based statement over the
 * bonus rows. A second call for the
 * same order changes nothing.
 *
 * Locks, after whatever the caller holds (the buyer's user row and accounts): the buyer's tree's root (an
 * advisory lock: purchases, binds and invited sign-ins of one tree one at a time, so each purchase sees the
 * volumes of those committed before it), then the stats rows it writes (the buyer's, the uplines whose level
 * moved) in id order, then the beneficiaries' AIDF accounts and the issuance account in id order.
 */
export async function onMachinePurchased(tx: Repositories, purchase: MachinePurchase): Promise<void> {
  const rootId = await tx.team.lockRoot(purchase.buyerId);
  const claim = await tx.team.claimPurchase({ ...purchase, rootId });
  if (!claim) return;
  const config = await teamConfig(tx);
  /** The bonus rows (written with their movement) and the line's levels. */
  const computeLine = async (movementId: bigint | null) => {
    const { changed } = await tx.team.computeBonuses({
      orderId: purchase.orderId,
      buyerId: purchase.buyerId,
      rootId,
      worth: purchase.worth,
      movementId,
      levels: levelArrays(config),
      directRate: config.directRate,
      peerRate: config.peerRate,
      maxBonusPercent: config.maxBonusPercent,
      types: BONUS_LINE_TYPES,
    });
    await tx.team.saveLine(purchase.buyerId, purchase.worth, changed);
  };
  // No upline, no bonus: only the buyer's own volume and level move.
  if (!claim.hasUpline) return computeLine(null);
  await bookBatch(tx, {
    type: BONUS_LINE_TYPES[0],
    idemKey: `team-bonus:${purchase.orderId}`,
    ref: String(purchase.orderId),
    currency: 'aidf',
    counters: BONUS_LINE_TYPES.map((type) => ({ type, platform: PLATFORM.issuance })),
    users: tx.team.bonusBeneficiaries(purchase.orderId),
    createUserAccounts: true,
    source: async (movementId) => {
      await computeLine(movementId);
      return tx.team.bonusSource(purchase.orderId, movementId);
    },
  });
}
