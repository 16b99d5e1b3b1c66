import type { Repositories } from '../../db/repositories/index.ts';

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
 * Team effects of one machine purchase, all inside the caller's transaction `tx`: the downline volume of
 * every upline, their star levels, and the direct, level and peer bonuses (issue 12).
 * Work in progress: the set-based statement lands in the next commits; the signature is final.
 */
export async function onMachinePurchased(tx: Repositories, purchase: MachinePurchase): Promise<void> {
  void tx;
  void purchase;
}
