import type { Repositories } from '../../db/repositories/index.ts';

/**
 * The ledger's invariants (ARCHITECTURE.md): every balance equals the sum of its entries, every movement and
 * every currency sums to zero, and no user balance is below zero.
 */
export async function checkLedger(repos: Repositories) {
  const violations = await repos.ledger.invariantViolations();
  const ok = Object.values(violations).every((list) => list.length === 0);
  return { ok, ...violations };
}
