import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Proof of reserves: a Merkle sum tree over what the platform owes its users (docs/architecture.md "Proof of
 * reserves"). Each user's balances are split into two leaves of random shares; each leaf commits to its owner, its
 * share index, its amounts and a secret salt; each node to both children's hashes and both children's sums, so no
 * path can present a sibling as holding less than it does (the flaw of a node committing to the total only). The
 * root's sums are the liabilities. A user given both leaves, salts and paths recomputes the root alone (in the
 * browser, or `npm run operator -- reserves-verify`).
 *
 * What a path shows of other users: hashes and sums of siblings. A leaf holds one random share of a balance, the
 * leaves are shuffled per report, and a leaf commits to its owner only through a salt nobody else is given, so a
 * sibling's sums are sums of random shares of nobody in particular.
 *
 * Amounts are integers in base units (a currency's smallest unit), never negative and at most 2^256 − 1 at any
 * node: both the builder and the verifier refuse anything else.
 */

/** Bytes of one amount in a hash: an unsigned 256-bit big-endian integer. */
const AMOUNT_BYTES = 32;
const MAX_AMOUNT = (1n << 256n) - 1n;
const LEAF_TAG = utf8ToBytes('aidf-reserves-leaf-v2:');
const NODE_TAG = utf8ToBytes('aidf-reserves-node-v2:');
const PAD_TAG = utf8ToBytes('aidf-reserves-pad-v2:');
/** The format a proof's `version` names: two share leaves, nodes committing to each child's sums. */
export const PROOF_VERSION = 2;
/** The indices of a user's two leaves. */
export const SHARES = [1, 2] as const;
export type ShareIndex = (typeof SHARES)[number];

export interface SumNode {
  /** SHA-256, hex. */
  hash: string;
  /** Base-unit sums, one per currency of the tree, in its order, as decimal strings. */
  sums: string[];
}

export interface ReservesLeafInput {
  userId: string;
  share: ShareIndex;
  /** This share's base units per currency, in the tree's currency order. */
  amounts: bigint[];
  /** 32 random bytes, hex: the leaf's own, per report. */
  salt: string;
}

export type PathStep = SumNode & { side: 'left' | 'right' };

export interface ShareProof {
  share: ShareIndex;
  salt: string;
  amounts: string[];
  /** Siblings from the leaf up; `side` is where the sibling sits. */
  path: PathStep[];
}

export interface InclusionProof {
  version: typeof PROOF_VERSION;
  currencies: string[];
  userId: string;
  /** The user's balances: what the two shares add up to. */
  balances: string[];
  shares: ShareProof[];
  root: SumNode;
}

interface Node {
  hash: string;
  sums: bigint[];
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

/** The hash of one of a user's leaves: the salt first, so nobody without it can test a guess of user and amounts. */
export function leafHash(userId: string, share: ShareIndex, amounts: bigint[], salt: string): string {
  const saltBytes = hexToBytes(salt);
  if (saltBytes.length !== 32) throw new Error('a leaf salt is 32 bytes');
  const id = utf8ToBytes(userId);
  return bytesToHex(
    sha256(
      concatBytes(LEAF_TAG, saltBytes, Uint8Array.of(share), amountBytes(BigInt(id.length)), id, sumsBytes(amounts)),
    ),
  );
}

/**
 * A parent node: its hash commits to each child's hash and each child's sums, its sums are theirs added. Throws
 * when a sum leaves 0..2^256 − 1.
 */
export function parentOf(left: Node, right: Node): Node {
  if (left.sums.length !== right.sums.length) throw new Error('children with different currency counts');
  const sums = left.sums.map((s, i) => s + (right.sums[i] as bigint));
  const hash = bytesToHex(
    sha256(
      concatBytes(NODE_TAG, hexToBytes(left.hash), sumsBytes(left.sums), hexToBytes(right.hash), sumsBytes(right.sums)),
    ),
  );
  sumsBytes(sums); // range check of the parent's own sums
  return { hash, sums };
}

/** The empty node that pairs the last node of a level with an odd count: zero sums, a hash per level. */
function padOf(level: number, currencyCount: number): Node {
  return {
    hash: bytesToHex(sha256(concatBytes(PAD_TAG, amountBytes(BigInt(level))))),
    sums: Array.from({ length: currencyCount }, () => 0n),
  };
}

const toStrings = (sums: bigint[]) => sums.map((s) => s.toString());
const leafKey = (userId: string, share: ShareIndex) => `${share}:${userId}`;

/**
 * Builds the tree over leaves in the order given (shuffle them first: `shuffledLeaves`). Keeps every level, so
 * any user's proof is read off without hashing again.
 */
export function buildMerkleSumTree(currencies: readonly string[], leaves: ReservesLeafInput[]) {
  if (leaves.length === 0) throw new Error('a reserves tree needs at least one leaf');
  const levels: Node[][] = [
    leaves.map((leaf) => {
      if (leaf.amounts.length !== currencies.length) throw new Error('a leaf needs one amount per currency');
      return { hash: leafHash(leaf.userId, leaf.share, leaf.amounts, leaf.salt), sums: leaf.amounts };
    }),
  ];
  while ((levels.at(-1) as Node[]).length > 1) {
    const level = levels.at(-1) as Node[];
    // The pad is kept in its level, so a stored tree hands out every sibling of a path as it is.
    if (level.length % 2 === 1) level.push(padOf(levels.length - 1, currencies.length));
    const next: Node[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parentOf(level[i] as Node, level[i + 1] as Node));
    levels.push(next);
  }
  const top = (levels.at(-1) as Node[])[0] as Node;
  const root: SumNode = { hash: top.hash, sums: toStrings(top.sums) };
  const indexOf = new Map(leaves.map((leaf, i) => [leafKey(leaf.userId, leaf.share), i]));

  function pathOf(leafIndex: number): PathStep[] {
    const path: PathStep[] = [];
    let index = leafIndex;
    for (let depth = 0; depth < levels.length - 1; depth++) {
      const level = levels[depth] as Node[];
      const siblingIndex = index ^ 1;
      const sibling = level[siblingIndex] ?? padOf(depth, currencies.length);
      path.push({ hash: sibling.hash, sums: toStrings(sibling.sums), side: siblingIndex < index ? 'left' : 'right' });
      index >>= 1;
    }
    return path;
  }

  return {
    root,
    /**
     * Every node, level by level from the leaves (level 0, in leaf order) to the root, odd levels' pads included:
     * what a server stores to read a user's path in one query (the sibling at level d is index (i >> d) ^ 1).
     */
    levels: levels as readonly (readonly Node[])[],
    /** The proof of one user's two leaves; null when the user is not in the tree. */
    proofOf(userId: string): InclusionProof | null {
      const shares: ShareProof[] = [];
      for (const share of SHARES) {
        const index = indexOf.get(leafKey(userId, share));
        if (index === undefined) return null;
        const leaf = leaves[index] as ReservesLeafInput;
        shares.push({ share, salt: leaf.salt, amounts: toStrings(leaf.amounts), path: pathOf(index) });
      }
      const balances = currencies.map((_, c) =>
        shares.reduce((sum, s) => sum + BigInt(s.amounts[c] as string), 0n).toString(),
      );
      return { version: PROOF_VERSION, currencies: [...currencies], userId, balances, shares, root };
    },
  };
}

/**
 * A user's balances as two leaves of random shares: per currency the first share is drawn uniformly from
 * 0..balance with the CSPRNG, the second is the rest; each leaf gets its own salt.
 */
export function shareLeaves(
  userId: string,
  balances: bigint[],
  salts: [string, string],
  draw: (bound: bigint) => bigint = randomBigBelow,
): [ReservesLeafInput, ReservesLeafInput] {
  const first = balances.map((b) => {
    if (b < 0n) throw new Error(`amount out of range: ${b}`);
    return draw(b + 1n);
  });
  return [
    { userId, share: 1, amounts: first, salt: salts[0] },
    { userId, share: 2, amounts: balances.map((b, i) => b - (first[i] as bigint)), salt: salts[1] },
  ];
}

/** A uniform integer in 0..bound − 1 from Web Crypto (rejection sampling over whole bytes: no bias). */
export function randomBigBelow(bound: bigint): bigint {
  if (bound <= 0n) throw new Error('bound must be positive');
  if (bound === 1n) return 0n;
  const bytes = Math.ceil((bound - 1n).toString(16).length / 2);
  const limit = (1n << BigInt(bytes * 8)) - ((1n << BigInt(bytes * 8)) % bound);
  const buffer = new Uint8Array(bytes);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    let value = 0n;
    for (const b of buffer) value = (value << 8n) | BigInt(b);
    if (value < limit) return value % bound;
  }
}

const BASE_UNITS = /^(0|[1-9]\d{0,77})$/;
const HASH = /^[0-9a-f]{64}$/;
/** Bounds on what a verifier reads: a proof from outside may be anything. */
const MAX_PATH = 64;
const MAX_CURRENCIES = 64;
const MAX_TEXT = 256;

function amountsOf(values: unknown, count: number): bigint[] | null {
  if (!Array.isArray(values) || values.length !== count) return null;
  if (!values.every((v) => typeof v === 'string' && BASE_UNITS.test(v))) return null;
  const amounts = values.map((v) => BigInt(v as string));
  return amounts.every((a) => a <= MAX_AMOUNT) ? amounts : null;
}

/** Why a proof does not hold, or 'included'. Checks the shape too: it reads a file or an answer from outside. */
export type ProofVerdict =
  | { ok: true }
  | {
      ok: false;
      reason: 'malformed' | 'root-hash-differs' | 'root-sums-differ' | 'sums-below-balance' | 'shares-differ';
    };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Walks one share's path to the root; null when a step is malformed or a sum leaves the range. */
function rootOfShare(proof: InclusionProof, share: unknown, n: number): Node | null {
  if (!isRecord(share) || !SHARES.includes(share.share as ShareIndex)) return null;
  if (typeof share.salt !== 'string' || !HASH.test(share.salt)) return null;
  const amounts = amountsOf(share.amounts, n);
  if (!amounts || !Array.isArray(share.path) || share.path.length > MAX_PATH) return null;
  let node: Node = { hash: leafHash(proof.userId, share.share as ShareIndex, amounts, share.salt), sums: amounts };
  for (const step of share.path as unknown[]) {
    if (!isRecord(step) || typeof step.hash !== 'string' || !HASH.test(step.hash)) return null;
    const sums = amountsOf(step.sums, n);
    if (!sums || (step.side !== 'left' && step.side !== 'right')) return null;
    const sibling = { hash: step.hash, sums };
    node = step.side === 'left' ? parentOf(sibling, node) : parentOf(node, sibling);
  }
  return node;
}

/**
 * Recomputes the root from each of the user's two leaves and paths: the proof holds when both reach the root's
 * hash and sums and the shares add up to the balances it states. Never throws: anything malformed is refused.
 */
export function verifyInclusionProof(proof: InclusionProof): ProofVerdict {
  try {
    return verifyUnchecked(proof);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}

function verifyUnchecked(proof: InclusionProof): ProofVerdict {
  const malformed = { ok: false, reason: 'malformed' } as const;
  if (!isRecord(proof) || proof.version !== PROOF_VERSION || !isRecord(proof.root)) return malformed;
  const { currencies, userId, root } = proof;
  if (!Array.isArray(currencies) || currencies.length === 0 || currencies.length > MAX_CURRENCIES) return malformed;
  if (!currencies.every((c) => typeof c === 'string' && c.length > 0 && c.length <= MAX_TEXT)) return malformed;
  if (typeof userId !== 'string' || userId.length > MAX_TEXT) return malformed;
  const n = currencies.length;
  const balances = amountsOf(proof.balances, n);
  const rootSums = amountsOf(root.sums, n);
  if (!balances || !rootSums || typeof root.hash !== 'string' || !HASH.test(root.hash)) return malformed;
  if (!Array.isArray(proof.shares) || proof.shares.length !== SHARES.length) return malformed;
  const indices = proof.shares.map((s) => (isRecord(s) ? s.share : null));
  if (!SHARES.every((share) => indices.includes(share))) return malformed;
  const reached: Node[] = [];
  for (const share of proof.shares) {
    const node = rootOfShare(proof, share, n);
    if (!node) return malformed;
    reached.push(node);
  }
  if (reached.some((node) => node.hash !== root.hash)) return { ok: false, reason: 'root-hash-differs' };
  if (reached.some((node) => node.sums.some((s, i) => s !== rootSums[i]))) {
    return { ok: false, reason: 'root-sums-differ' };
  }
  const added = balances.map((_, c) => proof.shares.reduce((sum, s) => sum + BigInt(s.amounts[c] as string), 0n));
  if (added.some((a, c) => a !== balances[c])) return { ok: false, reason: 'shares-differ' };
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
