import { randomBytes } from 'node:crypto';
import { type ReservesLeafInput, shareLeaves, shuffledLeaves } from '@aidf/contract';

/** Random bytes drawn from the CSPRNG in large blocks: a call per salt or share cost seconds at 100,000 users. */
function randomPool(blockBytes = 1 << 16) {
  let block = randomBytes(blockBytes);
  let at = 0;
  const take = (n: number): Buffer => {
    if (at + n > block.length) {
      block = randomBytes(Math.max(blockBytes, n));
      at = 0;
    }
    at += n;
    return block.subarray(at - n, at);
  };
  return {
    salt: () => take(32).toString('hex'),
    /** A uniform integer in 0..bound − 1 (rejection sampling over whole bytes: no bias). */
    below(bound: bigint): bigint {
      if (bound === 1n) return 0n;
      const bytes = Math.ceil((bound - 1n).toString(16).length / 2);
      const range = 1n << BigInt(bytes * 8);
      const limit = range - (range % bound);
      for (;;) {
        const value = BigInt(`0x${take(bytes).toString('hex')}`);
        if (value < limit) return value % bound;
      }
    },
  };
}

/**
 * The leaves of a report's tree (docs/architecture.md "Proof of reserves"): each user's balances split into two
 * leaves of random shares, each with its own salt, all shuffled, so a leaf's position and amounts say nothing of
 * whose it is.
 */
export function reportLeaves(
  currencies: readonly string[],
  users: { userId: string; balances: Record<string, string> }[],
): ReservesLeafInput[] {
  const pool = randomPool();
  return shuffledLeaves(
    users.flatMap((u) =>
      shareLeaves(
        u.userId,
        currencies.map((c) => BigInt(u.balances[c] ?? '0')),
        [pool.salt(), pool.salt()],
        pool.below,
      ),
    ),
  );
}
