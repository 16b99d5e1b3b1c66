import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Proof of reserves: a Merkle sum tree over what the platform owes its users (docs/architecture.md "Proof of
 * reserves"). Each leaf commits to one user's balances with a secret salt; each node to its children's hashes and
 * the sums of their balances; the root's sums are the liabilities published with the report. A user given their
 * leaf, salt and path recomputes the root alone (in the browser, or `npm run operator -- reserves-verify`),
 * so the platform cannot leave them out, or count them for less, without the root changing.
 *
 * What a proof shows of other users: the hash and sums of each sibling on the path. The leaves are shuffled per
 * report and a leaf's hash commits to its owner only through a salt nobody else is given, so a sibling's sums
 * are a balance (or a sum of balances) of nobody in particular.
 *
 * Amounts are integers in base units (a currency's smallest unit), never negative: a negative leaf would let the
 * platform hide a debt against another user's balance, so both the builder and the verifier refuse one.
 */

/** Bytes of one amount in a hash: an unsigned 256-bit big-endian integer. */
const AMOUNT_BYTES = 32;
const MAX_AMOUNT = (1n << 256n) - 1n;
const LEAF_TAG = utf8ToBytes('aidf-reserves-leaf:');
const NODE_TAG = utf8ToBytes('aidf-reserves-node:');
const PAD_TAG = utf8ToBytes('aidf-reserves-pad:');

export interface SumNode {
  /** SHA-256, hex. */
  hash: string;
  /** Base-unit sums, one per currency of the tree, in its order, as decimal strings. */
  sums: string[];
}

export interface ReservesLeafInput {
  userId: string;
  /** Base units per currency, in the tree's currency order. */
  balances: bigint[];
  /** 32 random bytes, hex: the user's own, per report. */
  salt: string;
}

export interface InclusionProof {
  currencies: string[];
  userId: string;
  salt: string;
  balances: string[];
  /** Siblings from the leaf up; `side` is where the sibling sits. */
  path: (SumNode & { side: 'left' | 'right' })[];
  root: SumNode;
}

/** Writes `amount` big-endian into `out` at `offset`, byte by byte (a hex round trip was most of a report's time). */
function writeAmount(out: Uint8Array, offset: number, amount: bigint) {
  if (amount < 0n || amount > MAX_AMOUNT) throw new Error(`amount out of range: ${amount}`);
  let rest = amount;
  for (let i = offset + AMOUNT_BYTES - 1; rest > 0n; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function amountBytes(amount: bigint): Uint8Array {
  const out = new Uint8Array(AMOUNT_BYTES);
  writeAmount(out, 0, amount);
  return out;
}

function sumsBytes(sums: bigint[]): Uint8Array {
  const out = new Uint8Array(sums.length * AMOUNT_BYTES);
  for (const [i, sum] of sums.entries()) writeAmount(out, i * AMOUNT_BYTES, sum);
  return out;
}

/** The hash of a user's leaf: the salt first, so nobody without it can test a guess of user and balances. */
export function leafHash(userId: string, balances: bigint[], salt: string): string {
  const saltBytes = hexToBytes(salt);
  if (saltBytes.length !== 32) throw new Error('a leaf salt is 32 bytes');
  const id = utf8ToBytes(userId);
  return bytesToHex(sha256(concatBytes(LEAF_TAG, saltBytes, amountBytes(BigInt(id.length)), id, sumsBytes(balances))));
}

function nodeOf(left: { hash: string; sums: bigint[] }, right: { hash: string; sums: bigint[] }) {
  const sums = left.sums.map((s, i) => s + (right.sums[i] as bigint));
  const hash = bytesToHex(
    sha256(concatBytes(NODE_TAG, hexToBytes(left.hash), hexToBytes(right.hash), sumsBytes(sums))),
  );
  return { hash, sums };
}

/** The empty node that pairs the last node of a level with an odd count: zero sums, a hash per level. */
function padOf(level: number, currencyCount: number) {
  return {
    hash: bytesToHex(sha256(concatBytes(PAD_TAG, amountBytes(BigInt(level))))),
    sums: Array.from({ length: currencyCount }, () => 0n),
  };
}

const toStrings = (sums: bigint[]) => sums.map((s) => s.toString());

/**
 * Builds the tree over leaves in the order given (shuffle them first: `shuffledLeaves`). Keeps every level, so
 * any user's proof is read off without hashing again.
 */
export function buildMerkleSumTree(currencies: readonly string[], leaves: ReservesLeafInput[]) {
  if (leaves.length === 0) throw new Error('a reserves tree needs at least one leaf');
  const levels: { hash: string; sums: bigint[] }[][] = [
    leaves.map((leaf) => {
      if (leaf.balances.length !== currencies.length) throw new Error('a leaf needs one balance per currency');
      return { hash: leafHash(leaf.userId, leaf.balances, leaf.salt), sums: leaf.balances };
    }),
  ];
  while ((levels.at(-1) as unknown[]).length > 1) {
    const level = levels.at(-1) as { hash: string; sums: bigint[] }[];
    // The pad is kept in its level, so a stored tree hands out every sibling of a path as it is.
    if (level.length % 2 === 1) level.push(padOf(levels.length - 1, currencies.length));
    const next: { hash: string; sums: bigint[] }[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(nodeOf(level[i] as { hash: string; sums: bigint[] }, level[i + 1] as { hash: string; sums: bigint[] }));
    }
    levels.push(next);
  }
  const top = (levels.at(-1) as { hash: string; sums: bigint[] }[])[0] as { hash: string; sums: bigint[] };
  const root: SumNode = { hash: top.hash, sums: toStrings(top.sums) };
  const indexOf = new Map(leaves.map((leaf, i) => [leaf.userId, i]));

  return {
    root,
    /**
     * Every node, level by level from the leaves (level 0, in leaf order) to the root, odd levels' pads included:
     * what a server stores to read a user's path in one query (the sibling at level d is index (i >> d) ^ 1).
     */
    levels: levels as readonly (readonly { hash: string; sums: bigint[] }[])[],
    /** The proof of one user's leaf; null when the user is not in the tree. */
    proofOf(userId: string): InclusionProof | null {
      let index = indexOf.get(userId);
      if (index === undefined) return null;
      const leaf = leaves[index] as ReservesLeafInput;
      const path: InclusionProof['path'] = [];
      for (let depth = 0; depth < levels.length - 1; depth++) {
        const level = levels[depth] as { hash: string; sums: bigint[] }[];
        const siblingIndex = index ^ 1;
        const sibling = level[siblingIndex] ?? padOf(depth, currencies.length);
        path.push({ hash: sibling.hash, sums: toStrings(sibling.sums), side: siblingIndex < index ? 'left' : 'right' });
        index >>= 1;
      }
      return {
        currencies: [...currencies],
        userId,
        salt: leaf.salt,
        balances: toStrings(leaf.balances),
        path,
        root,
      };
    },
  };
}

const BASE_UNITS = /^(0|[1-9]\d{0,77})$/;
const HASH = /^[0-9a-f]{64}$/;

function amountsOf(values: unknown, count: number): bigint[] | null {
  if (!Array.isArray(values) || values.length !== count) return null;
  if (!values.every((v) => typeof v === 'string' && BASE_UNITS.test(v))) return null;
  const amounts = values.map((v) => BigInt(v as string));
  return amounts.every((a) => a <= MAX_AMOUNT) ? amounts : null;
}

/** Why a proof does not hold, or 'included'. Checks the shape too: it reads a file or an answer from outside. */
export type ProofVerdict =
  | { ok: true }
  | { ok: false; reason: 'malformed' | 'root-hash-differs' | 'root-sums-differ' | 'sums-below-balance' };

/** Recomputes the root from the user's leaf and path: the proof holds when hash and sums both match. */
export function verifyInclusionProof(proof: InclusionProof): ProofVerdict {
  const malformed = { ok: false, reason: 'malformed' } as const;
  if (!proof || !Array.isArray(proof.currencies) || !Array.isArray(proof.path) || !proof.root) return malformed;
  const n = proof.currencies.length;
  const balances = amountsOf(proof.balances, n);
  const rootSums = amountsOf(proof.root.sums, n);
  if (!balances || !rootSums || typeof proof.userId !== 'string' || !HASH.test(proof.salt ?? '')) return malformed;
  if (!HASH.test(proof.root.hash ?? '') || proof.path.length > 64) return malformed;
  let node = { hash: leafHash(proof.userId, balances, proof.salt), sums: balances };
  for (const step of proof.path) {
    const sums = amountsOf(step?.sums, n);
    if (!sums || !HASH.test(step.hash ?? '') || (step.side !== 'left' && step.side !== 'right')) return malformed;
    const sibling = { hash: step.hash, sums };
    node = step.side === 'left' ? nodeOf(sibling, node) : nodeOf(node, sibling);
  }
  if (node.hash !== proof.root.hash) return { ok: false, reason: 'root-hash-differs' };
  if (node.sums.some((s, i) => s !== rootSums[i])) return { ok: false, reason: 'root-sums-differ' };
  // With non-negative amounts a root can never sum to less than one of its leaves; said apart for clarity.
  if (balances.some((b, i) => b > (rootSums[i] as bigint))) return { ok: false, reason: 'sums-below-balance' };
  return { ok: true };
}

/** A fresh 32-byte salt, hex (Web Crypto: the browser's and Node's). */
export function randomSalt(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** The leaves in a uniformly random order (Fisher–Yates over Web Crypto), so a position says nothing of a user. */
export function shuffledLeaves<T>(leaves: readonly T[]): T[] {
  const out = [...leaves];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function randomBelow(bound: number): number {
  // Rejection sampling: no modulo bias.
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const word = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(word);
    if ((word[0] as number) < limit) return (word[0] as number) % bound;
  }
}
