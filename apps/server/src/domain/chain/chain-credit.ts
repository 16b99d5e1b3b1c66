import type { ChainCreditKind, ChainTransferKey } from '../../db/repositories/chain-credits.ts';
import type { Repositories } from '../../db/repositories/index.ts';

/** What became of a credit of a chain transfer. */
export type CreditOnce<T> =
  | { outcome: 'credited'; result: T }
  /** The same credit again (a rescan): its movement's idempotency key answered, nothing moved. */
  | { outcome: 'replayed'; result: T }
  /** The transfer was credited before by another credit (`by`): nothing moved, nothing is booked. */
  | { outcome: 'taken'; by: ChainCreditKind };

/** Thrown inside the savepoint to undo a credit whose transfer another transaction claimed meanwhile. */
class TakenMeanwhile extends Error {}

/**
 * Books `post` (a credit's movement and whatever goes with it) as the one credit of a chain transfer, in the
 * caller's transaction (RULES.md "Treasury": one chain transfer is credited at most once, whatever kind). The
 * transfer is claimed in chain_credits after the movement, whose lines lock the chain's clearing account: two
 * credits of one transfer lock the same account, so the second waits for the first to commit and then finds the
 * key taken; its work, in a savepoint, is rolled back and nothing of it remains. A rescan of the same credit
 * replays its movement (idempotency key) and claims nothing new. Never throws for a taken transfer: a watcher
 * records why and moves on.
 */
export async function creditOnce<T extends { movementId: bigint; replayed: boolean }>(
  tx: Repositories,
  key: ChainTransferKey,
  kind: ChainCreditKind,
  post: (tx: Repositories) => Promise<T>,
): Promise<CreditOnce<T>> {
  const first = await tx.chainCredits.of(key);
  if (first && first.kind !== kind) return { outcome: 'taken', by: first.kind as ChainCreditKind };
  try {
    return await tx.transaction(async (inner) => {
      const result = await post(inner);
      const claimed = await inner.chainCredits.claim(key, kind, result.movementId);
      // A replay whose claim is missing was credited before chain_credits existed: claimed now, as it should be.
      if (result.replayed) return { outcome: 'replayed' as const, result };
      if (!claimed) throw new TakenMeanwhile();
      return { outcome: 'credited' as const, result };
    });
  } catch (error) {
    if (!(error instanceof TakenMeanwhile)) throw error;
    const taken = await tx.chainCredits.of(key);
    if (!taken) throw new Error(`the credit of ${key.txHash}:${key.eventIndex} vanished`);
    return { outcome: 'taken', by: taken.kind as ChainCreditKind };
  }
}
