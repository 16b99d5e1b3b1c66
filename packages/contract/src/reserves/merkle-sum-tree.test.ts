import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forgedPairUnderOneRoot } from './forged-proofs.ts';
import {
  buildMerkleSumTree,
  type InclusionProof,
  leafHash,
  type PathStep,
  type ReservesLeafInput,
  randomBigBelow,
  randomSalt,
  type ShareProof,
  shareLeaves,
  shuffledLeaves,
  verifyInclusionProof,
} from './merkle-sum-tree.ts';

const CURRENCIES = ['cow', 'usdt', 'sol'];

function randomUsers(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    userId: String(1000 + i),
    balances: CURRENCIES.map(
      () => BigInt(Math.floor(Math.random() * 1e9)) * 10n ** BigInt(Math.floor(Math.random() * 10)),
    ),
  }));
}

const leavesOf = (users: { userId: string; balances: bigint[] }[]): ReservesLeafInput[] =>
  users.flatMap((u) => shareLeaves(u.userId, u.balances, [randomSalt(), randomSalt()]));

const clone = (proof: InclusionProof): InclusionProof => JSON.parse(JSON.stringify(proof));

describe('the proof of reserves Merkle sum tree', () => {
  it("proves every user's two leaves, at every tree size, and its root sums each currency's liabilities", () => {
    for (let count = 1; count <= 17; count++) {
      const users = randomUsers(count);
      const tree = buildMerkleSumTree(CURRENCIES, shuffledLeaves(leavesOf(users)));
      const totals = CURRENCIES.map((_, c) => users.reduce((sum, u) => sum + (u.balances[c] as bigint), 0n));
      expect(tree.root.sums).toEqual(totals.map(String));
      for (const user of users) {
        const proof = tree.proofOf(user.userId) as InclusionProof;
        expect(proof.balances).toEqual(user.balances.map(String));
        expect(proof.shares.map((s) => s.path.length)).toEqual([1, 2].map(() => Math.ceil(Math.log2(2 * count))));
        // Read from JSON, as a browser or the command line reads it.
        expect(verifyInclusionProof(clone(proof)), `${count} users, user ${user.userId}`).toEqual({ ok: true });
      }
      expect(tree.proofOf('no such user')).toBeNull();
    }
  });

  it('refuses the forged pair: two users of 100 under a root of 100, each seeing the other as a sibling of 0', () => {
    const { proofs } = forgedPairUnderOneRoot();
    const verdicts = proofs.map((p) => verifyInclusionProof(clone(p)));
    // The root is the one the first proof computes, so at least the second is refused: not both can hold.
    expect(verdicts.some((v) => !v.ok)).toBe(true);
    expect(verdicts[1]).toEqual({ ok: false, reason: 'root-hash-differs' });
  });

  it('splits a balance into two random shares that add up to it, drawn anew each time', () => {
    const balances = [10n ** 30n, 0n, 7n];
    const [a, b] = shareLeaves('9', balances, [randomSalt(), randomSalt()]);
    expect(a.amounts.map((x, i) => x + (b.amounts[i] as bigint))).toEqual(balances);
    expect(a.amounts[1]).toBe(0n);
    const firsts = new Set(
      Array.from({ length: 20 }, () => shareLeaves('9', balances, [randomSalt(), randomSalt()])[0].amounts[0]),
    );
    expect(firsts.size).toBeGreaterThan(15);
    for (let i = 0; i < 200; i++) expect(randomBigBelow(3n)).toBeLessThan(3n);
  });

  it('refuses a proof whose balance, share, salt, sibling, side or root was changed', () => {
    const users = randomUsers(9);
    const tree = buildMerkleSumTree(CURRENCIES, shuffledLeaves(leavesOf(users)));
    const proof = tree.proofOf('1004') as InclusionProof;
    const up = (text: string | undefined, by: bigint) => (BigInt(text as string) + by).toString();
    const sh = (p: InclusionProof, i: number) => p.shares[i] as ShareProof;
    const step = (p: InclusionProof, s: number, i: number) => sh(p, s).path[i] as PathStep;
    const tampered: [string, (p: InclusionProof) => void, string][] = [
      ['a share lowered', (p) => (sh(p, 0).amounts[1] = up(sh(p, 0).amounts[1], -1n)), 'root-hash-differs'],
      ['the balance raised', (p) => (p.balances[0] = up(p.balances[0], 1n)), 'shares-differ'],
      ['another salt', (p) => (sh(p, 1).salt = randomSalt()), 'root-hash-differs'],
      ['another user id', (p) => (p.userId = '1005'), 'root-hash-differs'],
      ['share indices swapped', (p) => ([sh(p, 0).share, sh(p, 1).share] = [2, 1]), 'root-hash-differs'],
      [
        'a sibling sum lowered',
        (p) => {
          const sibling = sh(p, 0).path.find((n) => BigInt(n.sums[0] as string) > 0n) as { sums: string[] };
          sibling.sums[0] = up(sibling.sums[0] as string, -1n);
        },
        'root-hash-differs',
      ],
      [
        'a side flipped',
        (p) => (step(p, 1, 1).side = step(p, 1, 1).side === 'left' ? 'right' : 'left'),
        'root-hash-differs',
      ],
      ['the root sums lowered', (p) => (p.root.sums[2] = up(p.root.sums[2], -1n)), 'root-sums-differ'],
      ['one share only', (p) => p.shares.pop(), 'malformed'],
      ['the same share twice', (p) => (p.shares[1] = sh(p, 0)), 'malformed'],
      ['a negative amount', (p) => (sh(p, 0).amounts[0] = '-5'), 'malformed'],
      ['an amount in decimals', (p) => (p.balances[0] = '1.5'), 'malformed'],
      ['a missing currency', (p) => p.balances.pop(), 'malformed'],
      ['a short hash', (p) => (step(p, 0, 0).hash = 'abcd'), 'malformed'],
      ['a sibling sum above 2^256 - 1', (p) => (step(p, 0, 0).sums[0] = (1n << 256n).toString()), 'malformed'],
      [
        'sibling sums that overflow on the way up',
        (p) => {
          for (const s of sh(p, 0).path) s.sums[0] = ((1n << 256n) - 1n).toString();
        },
        'malformed',
      ],
      ['no version', (p) => delete (p as Partial<InclusionProof>).version, 'malformed'],
    ];
    for (const [what, change, reason] of tampered) {
      const copy = clone(proof);
      change(copy);
      expect(verifyInclusionProof(copy), what).toEqual({ ok: false, reason });
    }
    expect(verifyInclusionProof(clone(proof))).toEqual({ ok: true });
  });

  it('never throws, whatever it is given: junk, and proofs with any field replaced by junk', () => {
    const tree = buildMerkleSumTree(CURRENCIES, shuffledLeaves(leavesOf(randomUsers(5))));
    const proof = tree.proofOf('1002') as InclusionProof;
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        expect(verifyInclusionProof(junk as InclusionProof).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
    const paths = [
      ['version'],
      ['currencies'],
      ['userId'],
      ['balances'],
      ['balances', 0],
      ['shares'],
      ['shares', 0],
      ['shares', 1, 'share'],
      ['shares', 0, 'salt'],
      ['shares', 0, 'amounts', 1],
      ['shares', 1, 'path'],
      ['shares', 1, 'path', 0],
      ['shares', 0, 'path', 1, 'sums'],
      ['shares', 0, 'path', 1, 'sums', 0],
      ['shares', 0, 'path', 2, 'side'],
      ['root'],
      ['root', 'hash'],
      ['root', 'sums', 1],
    ] as const;
    const junkValue = fc.oneof(
      fc.anything(),
      fc.bigInt({ min: 0n, max: 1n << 300n }).map(String),
      fc.constantFrom('', '0x00', '-1', 'ff'.repeat(32), null, undefined, [], {}, Number.NaN),
    );
    fc.assert(
      fc.property(fc.constantFrom(...paths), junkValue, (path, value) => {
        const copy = clone(proof) as unknown as Record<string | number, unknown>;
        let at = copy;
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
        at[path.at(-1) as string | number] = value;
        const verdict = verifyInclusionProof(copy as unknown as InclusionProof);
        expect(typeof verdict.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('does not prove a leaf against the root of a tree it was left out of', () => {
    const users = randomUsers(8);
    const leaves = leavesOf(users);
    const withAll = buildMerkleSumTree(CURRENCIES, leaves);
    const withoutLast = buildMerkleSumTree(CURRENCIES, leaves.slice(0, 14));
    const proof = withAll.proofOf(users[7]?.userId as string) as InclusionProof;
    expect(verifyInclusionProof({ ...clone(proof), root: withoutLast.root }).ok).toBe(false);
  });

  it('hides a leaf behind its salt: equal users and amounts hash apart, and the builder refuses a negative amount', () => {
    const amounts = [1n, 2n, 3n];
    expect(leafHash('7', 1, amounts, randomSalt())).not.toBe(leafHash('7', 1, amounts, randomSalt()));
    expect(() =>
      buildMerkleSumTree(CURRENCIES, [{ userId: '1', share: 1, amounts: [1n, -1n, 0n], salt: randomSalt() }]),
    ).toThrow(/out of range/);
    expect(() => shareLeaves('1', [-1n], [randomSalt(), randomSalt()])).toThrow(/out of range/);
  });

  it('shuffles leaves into every order (no position tied to a user)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) seen.add(shuffledLeaves(['a', 'b', 'c']).join(''));
    expect(seen.size).toBe(6);
  });
});
