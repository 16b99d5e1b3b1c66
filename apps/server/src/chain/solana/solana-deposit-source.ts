import { fromBaseUnits } from '@aidf/contract';
import { type Address, createSolanaRpc } from '@solana/kit';
import type { DepositSource, ScannedTransfer, WatchedToken } from '../deposit-source.ts';

type SolanaRpc = ReturnType<typeof createSolanaRpc>;

/** getBlock requests in flight at once: enough to hide latency, few enough not to trip a provider's rate limit. */
const IN_FLIGHT = 8;
/**
 * Slots per scan. Each is one getBlock (a full mainnet block is a few MB of JSON), so a backlog is read in steps
 * of about 40 s of chain time; a caught-up poll reads the few slots finalized since the last one.
 */
export const SOLANA_SLOTS_PER_SCAN = 100n;
/**
 * Slots past the range asked of getBlocks. A node lists blocks only up to its own finalized root, and a root is
 * always a block: a list reaching `to` or beyond proves the node has finalized the whole range, so a slot missing
 * from it was skipped, not merely unknown to a lagging replica.
 */
const LOOKAHEAD = 1000n;

/** What a block read as the watcher asks (json, full transactions, no rewards) answers. */
const BLOCK_CONFIG = {
  commitment: 'finalized',
  encoding: 'json',
  transactionDetails: 'full',
  maxSupportedTransactionVersion: 0,
  rewards: false,
} as const;

/**
 * Solana deposits through the same watcher design as BNB Smart Chain (slot ranges after a cursor, only
 * 'finalized' ones, RULES.md), read as exchanges' Solana integration guides describe: getBlocks lists the range's
 * blocks (a skipped slot has none), then getBlock once per block with its full transactions. The cost follows
 * the chain's traffic, never the number of deposit addresses: this source answers every balance rise of the
 * watched tokens (SOL of any account, SPL tokens of the pinned mints only, by owner), and the watcher matches
 * the recipients against its deposit addresses in one query per range (`matchesRecipients`). A failed
 * transaction credits nothing. Finalized slots do not reorganise, so there is no block hash to check; each
 * block's parent must be the block listed before it, so a node whose list misses a block fails the tick rather
 * than move the cursor past it. Needs a node that keeps the blocks of the slots not yet scanned (docs/deployment.md).
 */
export function solanaDepositSource(rpcUrl: string): DepositSource {
  const rpc: SolanaRpc = createSolanaRpc(rpcUrl);

  /** The blocks of [from, to] in slot order, each checked to follow the one before it. */
  async function blocksOf(from: bigint, to: bigint) {
    const listed = await rpc.getBlocks(from, to + LOOKAHEAD, { commitment: 'finalized' }).send();
    if (!listed.some((slot) => slot >= to)) {
      throw new Error(
        `the node has not finalized slot ${to} yet (its finalized blocks end at ${listed.at(-1) ?? 'none'})`,
      );
    }
    const slots = listed.filter((slot) => slot <= to);
    const blocks = await inBatches(slots, async (slot) => {
      const block = await rpc.getBlock(slot, BLOCK_CONFIG).send();
      if (!block) throw new Error(`the node listed slot ${slot} but does not serve its block`);
      return { slot, block };
    });
    let previous: bigint | null = null;
    for (const { slot, block } of blocks) {
      const expected = previous ?? (block.parentSlot < from || slot === 0n ? block.parentSlot : null);
      if (block.parentSlot !== expected) {
        throw new Error(
          `block ${slot} follows slot ${block.parentSlot}, which the node did not list: a block is missing`,
        );
      }
      previous = slot;
    }
    return blocks;
  }

  return {
    chain: 'solana',
    chainCurrency: 'sol',
    maxRange: SOLANA_SLOTS_PER_SCAN,
    matchesRecipients: true,
    genesisHash: () => rpc.getGenesisHash().send(),
    async heads() {
      const [head, confirmed] = await Promise.all([
        rpc.getSlot({ commitment: 'processed' }).send(),
        rpc.getSlot({ commitment: 'finalized' }).send(),
      ]);
      return { head, confirmed };
    },
    blockHash: async () => null,
    async transfers(from, to, tokens) {
      const native = tokens.find((t) => t.contract === null);
      const mints = new Map(tokens.filter((t) => t.contract).map((t) => [t.contract as string, t]));
      const transfers: ScannedTransfer[] = [];
      for (const { slot, block } of await blocksOf(from, to)) {
        for (const tx of block.transactions) {
          if (!tx.meta || tx.meta.err !== null) continue; // a failed transaction moved nothing but its fee
          transfers.push(...transfersOf({ ...tx, slot }, native, mints));
        }
      }
      return { transfers, lastBlockHash: null };
    },
  };
}

type GotTransaction = NonNullable<Awaited<ReturnType<ReturnType<SolanaRpc['getTransaction']>['send']>>>;

type TokenBalance = NonNullable<NonNullable<GotTransaction['meta']>['postTokenBalances']>[number];

/** A transaction with its metadata and slot, as getTransaction answers it or as it sits in a getBlock answer. */
export interface FoundTransaction {
  slot: bigint;
  transaction: { signatures: readonly string[]; message: { accountKeys: readonly Address[] } };
  meta: {
    preBalances: readonly bigint[];
    postBalances: readonly bigint[];
    preTokenBalances?: readonly TokenBalance[] | null;
    postTokenBalances?: readonly TokenBalance[] | null;
    loadedAddresses?: { writable: readonly Address[]; readonly: readonly Address[] } | null;
  } | null;
}

/**
 * The balance rises of one successful transaction: SOL of any account; SPL tokens of the pinned mints, netted
 * per owner and mint over the owner's token accounts (tokens moved between two accounts of one owner are no
 * rise), named by the first of its token accounts that rose.
 */
export function transfersOf(
  tx: FoundTransaction,
  native: WatchedToken | undefined,
  mints: Map<string, WatchedToken>,
): ScannedTransfer[] {
  const { transaction, meta, slot } = tx;
  if (!meta) return [];
  const transfers: ScannedTransfer[] = [];
  const keys: Address[] = [
    ...transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  const base = { txHash: transaction.signatures[0] as string, blockNumber: slot, blockHash: null };
  if (native) {
    keys.forEach((key, i) => {
      const rise = (meta.postBalances[i] ?? 0n) - (meta.preBalances[i] ?? 0n);
      if (rise <= 0n) return;
      transfers.push({
        ...base,
        eventIndex: `sol:${i}`,
        currency: native.currency,
        tokenContract: null,
        from: keys[0] ?? null,
        to: key,
        amount: fromBaseUnits(rise, native.decimals),
      });
    });
  }
  for (const { owner, mint, accountIndex, rise } of tokenRises(meta, mints)) {
    const token = mints.get(mint) as WatchedToken;
    transfers.push({
      ...base,
      eventIndex: `spl:${accountIndex}`,
      currency: token.currency,
      tokenContract: mint,
      from: keys[0] ?? null,
      to: owner,
      amount: fromBaseUnits(rise, token.decimals),
    });
  }
  return transfers;
}

/** Per owner and pinned mint: the tokens the transaction left more than it found, and the first account that rose. */
function tokenRises(meta: NonNullable<FoundTransaction['meta']>, mints: Map<string, WatchedToken>) {
  const groups = new Map<string, { owner: string; mint: string; accountIndex: number | null; rise: bigint }>();
  const add = (balance: TokenBalance, sign: 1n | -1n) => {
    if (!balance.owner || !mints.has(balance.mint)) return;
    const key = `${balance.owner}:${balance.mint}`;
    const group = groups.get(key) ?? { owner: balance.owner, mint: balance.mint, accountIndex: null, rise: 0n };
    group.rise += sign * BigInt(balance.uiTokenAmount.amount);
    groups.set(key, group);
  };
  const pre = meta.preTokenBalances ?? [];
  for (const b of meta.postTokenBalances ?? []) add(b, 1n);
  for (const b of pre) add(b, -1n);
  // Named by an account whose own balance rose, the lowest index (one account per owner and mint: that one).
  for (const post of meta.postTokenBalances ?? []) {
    const group = post.owner ? groups.get(`${post.owner}:${post.mint}`) : undefined;
    if (!group) continue;
    const before = pre.find((b) => b.accountIndex === post.accountIndex)?.uiTokenAmount.amount ?? '0';
    const index = Number(post.accountIndex);
    if (
      BigInt(post.uiTokenAmount.amount) > BigInt(before) &&
      (group.accountIndex === null || index < group.accountIndex)
    )
      group.accountIndex = index;
  }
  return [...groups.values()].flatMap((g) =>
    g.rise > 0n && g.accountIndex !== null ? [{ ...g, accountIndex: g.accountIndex, rise: g.rise }] : [],
  );
}

/** `work` over every item, IN_FLIGHT at a time, answers in the items' order. */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker));
  return results;
}
