import { buildMerkleSumTree, verifyInclusionProof } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { PAD_USER, reportLeaves } from './reserves-leaves.ts';

const CURRENCIES = ['aidf', 'cow'];
/** Ten users with money and thirty with nothing, as most of a platform's users are. */
const USERS: { userId: string; balances: Record<string, string> }[] = Array.from({ length: 40 }, (_, i) => ({
  userId: String(i + 1),
  balances: (i < 10 ? { aidf: String(1000n * 10n ** 18n + BigInt(i)), cow: String(7n * 10n ** 18n) } : {}) as Record<
    string,
    string
  >,
}));

describe('the leaves of a reserves report', () => {
  it('put each user’s first share in the left half and the second in the right, each half filled to a power of two', () => {
    const leaves = reportLeaves(CURRENCIES, USERS);
    expect(leaves).toHaveLength(128);
    const left = leaves.slice(0, 64);
    const right = leaves.slice(64);
    expect(left.every((l) => l.share === 1)).toBe(true);
    expect(right.every((l) => l.share === 2)).toBe(true);
    expect(left.filter((l) => l.userId !== PAD_USER)).toHaveLength(40);
    expect(right.filter((l) => l.userId !== PAD_USER)).toHaveLength(40);
    for (const pad of leaves.filter((l) => l.userId === PAD_USER)) expect(pad.amounts).toEqual([0n, 0n]);
  });

  it('leave no subtree below the root holding both shares of a user, so no sibling adds up to a user’s balances', () => {
    const leaves = reportLeaves(CURRENCIES, USERS);
    const tree = buildMerkleSumTree(CURRENCIES, leaves);
    for (let level = 1; level < tree.levels.length - 1; level++) {
      const width = 2 ** level;
      for (let start = 0; start < leaves.length; start += width) {
        const owners = leaves
          .slice(start, start + width)
          .map((l) => l.userId)
          .filter((id) => id !== PAD_USER);
        expect(new Set(owners).size, `level ${level} at ${start}`).toBe(owners.length);
      }
    }
    const balances = new Set(USERS.slice(0, 10).map((u) => `${u.balances.aidf},${u.balances.cow}`));
    for (const user of USERS) {
      const proof = tree.proofOf(user.userId);
      expect(proof && verifyInclusionProof(proof)).toEqual({ ok: true });
      const others = [...balances].filter((b) => b !== `${user.balances.aidf},${user.balances.cow}`);
      for (const step of proof?.shares.flatMap((s) => s.path) ?? []) expect(others).not.toContain(step.sums.join());
    }
  });
});
