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

/** The user id of a padding leaf: no user has it (ids are positive integers), and no proof names it. */
export const PAD_USER = '';

/**
 * The leaves of a report's tree (docs/architecture.md "Proof of reserves"): each user's balances split into two
 * leaves of random shares, each with its own salt. Every user's first share goes into the tree's left half and the
 * second into its right half, each half shuffled and filled with zero leaves (salted like any leaf, so they look
 * like a user who holds nothing) to the same power of two. So the root's two children are the halves, and every
 * subtree below them holds at most one share of any user: no sibling on a proof's path, however high, can add up
 * to another user's exact balances (both shares of one user beside leaves of nothing would).
 */
export function reportLeaves(
  currencies: readonly string[],
  users: { userId: string; balances: Record<string, string> }[],
): ReservesLeafInput[] {
  const pool = randomPool();
  const split = users.map((u) =>
    shareLeaves(
      u.userId,
      currencies.map((c) => BigInt(u.balances[c] ?? '0')),
      [pool.salt(), pool.salt()],
      pool.below,
    ),
  );
  let half = 1;
  while (half < users.length) half *= 2;
  const zeros = currencies.map(() => 0n);
  const halfOf = (share: 1 | 2) => {
    const real = split.map((leaves) => leaves.find((l) => l.share === share) as ReservesLeafInput);
    const pads = Array.from({ length: half - real.length }, () => ({
      userId: PAD_USER,
      share,
      amounts: zeros,
      salt: pool.salt(),
    }));
    return shuffledLeaves([...real, ...pads]);
  };
  return users.length === 0 ? [] : [...halfOf(1), ...halfOf(2)];
}
