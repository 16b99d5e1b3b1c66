import {
  type InclusionProof,
  leafHash,
  PROOF_VERSION,
  parentOf,
  randomSalt,
  type ShareProof,
} from './merkle-sum-tree.ts';

/**
 * The known attack on a sum tree whose nodes commit to their total only (Maxwell's first scheme), as a platform
 * hiding liabilities would run it: two users holding 100 each are handed proofs under a root of 100, each seeing
 * the other's subtree as a sibling of sum 0. The root is the one the first user's proof computes. A verifier that
 * commits each child's sums into its parent refuses one of the two; the tests of every verifier run it.
 */
export function forgedPairUnderOneRoot(): { root: InclusionProof['root']; proofs: [InclusionProof, InclusionProof] } {
  const currencies = ['usdt'];
  const users = ['alice', 'bob'].map((userId) => {
    const salts = [randomSalt(), randomSalt()] as const;
    // Shares 40 + 60 of a balance of 100.
    const leaves = [
      { share: 1 as const, salt: salts[0], amounts: [40n] },
      { share: 2 as const, salt: salts[1], amounts: [60n] },
    ].map((l) => ({ ...l, hash: leafHash(userId, l.share, l.amounts, l.salt) }));
    const subtree = parentOf(
      { hash: leaves[0]?.hash as string, sums: [40n] },
      { hash: leaves[1]?.hash as string, sums: [60n] },
    );
    return { userId, leaves, subtree };
  });
  const [alice, bob] = users as [(typeof users)[0], (typeof users)[0]];
  // Each user's subtree is shown to the other with sum 0.
  const hidden = (u: typeof alice) => ({ hash: u.subtree.hash, sums: [0n] });
  const root = parentOf(alice.subtree, hidden(bob));
  const proofOf = (u: typeof alice, other: typeof alice, otherSide: 'left' | 'right'): InclusionProof => {
    const shares: ShareProof[] = u.leaves.map((leaf, i) => {
      const sibling = u.leaves[1 - i] as (typeof u.leaves)[0];
      return {
        share: leaf.share,
        salt: leaf.salt,
        amounts: leaf.amounts.map(String),
        path: [
          { hash: sibling.hash, sums: sibling.amounts.map(String), side: i === 0 ? 'right' : 'left' },
          { hash: other.subtree.hash, sums: ['0'], side: otherSide },
        ],
      };
    });
    return {
      version: PROOF_VERSION,
      currencies,
      userId: u.userId,
      balances: ['100'],
      shares,
      root: { hash: root.hash, sums: ['100'] },
    };
  };
  return {
    root: { hash: root.hash, sums: ['100'] },
    proofs: [proofOf(alice, bob, 'right'), proofOf(bob, alice, 'left')],
  };
}
