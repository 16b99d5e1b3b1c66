import { describe, expect, it } from 'vitest';
import {
  buildMerkleSumTree,
  type InclusionProof,
  leafHash,
  type ReservesLeafInput,
  randomSalt,
  shuffledLeaves,
  verifyInclusionProof,
} from './merkle-sum-tree.ts';

const CURRENCIES = ['cow', 'usdt', 'sol'];

function randomLeaves(count: number): ReservesLeafInput[] {
  return Array.from({ length: count }, (_, i) => ({
    userId: String(1000 + i),
    balances: CURRENCIES.map(
      () => BigInt(Math.floor(Math.random() * 1e9)) * 10n ** BigInt(Math.floor(Math.random() * 10)),
    ),
    salt: randomSalt(),
  }));
}

const clone = (proof: InclusionProof): InclusionProof => JSON.parse(JSON.stringify(proof));

describe('the proof of reserves Merkle sum tree', () => {
  it("proves every user's leaf, at every tree size, and its root sums each currency's liabilities", () => {
    for (let count = 1; count <= 33; count++) {
      const leaves = shuffledLeaves(randomLeaves(count));
      const tree = buildMerkleSumTree(CURRENCIES, leaves);
      const totals = CURRENCIES.map((_, c) => leaves.reduce((sum, leaf) => sum + (leaf.balances[c] as bigint), 0n));
      expect(tree.root.sums).toEqual(totals.map(String));
      for (const leaf of leaves) {
        const proof = tree.proofOf(leaf.userId) as InclusionProof;
        expect(proof.path).toHaveLength(Math.ceil(Math.log2(count)));
        // Read from JSON, as a browser or the command line reads it.
        expect(verifyInclusionProof(clone(proof)), `${count} leaves, user ${leaf.userId}`).toEqual({ ok: true });
      }
      expect(tree.proofOf('no such user')).toBeNull();
    }
  });

  it('refuses a proof whose balance, salt, sibling, side or root was changed', () => {
    const tree = buildMerkleSumTree(CURRENCIES, shuffledLeaves(randomLeaves(9)));
    const proof = tree.proofOf('1004') as InclusionProof;
    const tampered: [string, (p: InclusionProof) => void, string][] = [
      [
        'a balance lowered',
        (p) => (p.balances[1] = (BigInt(p.balances[1] as string) - 1n).toString()),
        'root-hash-differs',
      ],
      ['another salt', (p) => (p.salt = randomSalt()), 'root-hash-differs'],
      ['another user id', (p) => (p.userId = '1005'), 'root-hash-differs'],
      [
        'a sibling sum lowered',
        (p) => {
          // The nearest sibling holding any COW: a padding sibling of an odd-sized tree holds nothing to lower.
          const sibling = p.path.find((n) => BigInt(n.sums[0] as string) > 0n) as { sums: string[] };
          sibling.sums[0] = (BigInt(sibling.sums[0] as string) - 1n).toString();
        },
        'root-hash-differs',
      ],
      [
        'a side flipped',
        (p) => ((p.path[1] as { side: string }).side = p.path[1]?.side === 'left' ? 'right' : 'left'),
        'root-hash-differs',
      ],
      [
        'the root sums lowered',
        (p) => (p.root.sums[2] = (BigInt(p.root.sums[2] as string) - 1n).toString()),
        'root-sums-differ',
      ],
      ['a negative balance', (p) => (p.balances[0] = '-5'), 'malformed'],
      ['a balance in decimals', (p) => (p.balances[0] = '1.5'), 'malformed'],
      ['a missing currency', (p) => p.balances.pop(), 'malformed'],
      ['a short hash', (p) => ((p.path[0] as { hash: string }).hash = 'abcd'), 'malformed'],
    ];
    for (const [what, change, reason] of tampered) {
      const copy = clone(proof);
      change(copy);
      expect(verifyInclusionProof(copy), what).toEqual({ ok: false, reason });
    }
    expect(verifyInclusionProof(clone(proof))).toEqual({ ok: true });
  });

  it('does not prove a leaf against the root of a tree it was left out of', () => {
    const leaves = randomLeaves(8);
    const withAll = buildMerkleSumTree(CURRENCIES, leaves);
    const withoutLast = buildMerkleSumTree(CURRENCIES, leaves.slice(0, 7));
    const proof = withAll.proofOf(leaves[7]?.userId as string) as InclusionProof;
    const againstPublished = { ...clone(proof), root: withoutLast.root };
    expect(verifyInclusionProof(againstPublished).ok).toBe(false);
  });

  it('hides a leaf behind its salt: equal users and balances hash apart, and the builder refuses a negative amount', () => {
    const balances = [1n, 2n, 3n];
    expect(leafHash('7', balances, randomSalt())).not.toBe(leafHash('7', balances, randomSalt()));
    expect(() =>
      buildMerkleSumTree(CURRENCIES, [{ userId: '1', balances: [1n, -1n, 0n], salt: randomSalt() }]),
    ).toThrow(/out of range/);
  });

  it('shuffles leaves into every order (no position tied to a user)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) seen.add(shuffledLeaves(['a', 'b', 'c']).join(''));
    expect(seen.size).toBe(6);
  });
});
