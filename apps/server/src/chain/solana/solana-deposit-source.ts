import { fromBaseUnits } from '@aidf/contract';
import {
  type Address,
  address,
  createSolanaRpc,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Signature,
} from '@solana/kit';
import type { DepositSource, ScannedTransfer, WatchedToken } from '../deposit-source.ts';

type SolanaRpc = ReturnType<typeof createSolanaRpc>;

const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
/** The most getSignaturesForAddress answers per page (agave's limit). */
const PAGE = 1000;
/** RPC requests in flight at once: enough to hide latency, few enough not to trip a provider's rate limit. */
const IN_FLIGHT = 16;

/**
 * Solana deposits through the same watcher design as BNB Smart Chain (slot ranges after a cursor, only
 * 'finalized' ones, RULES.md), but found through the deposit addresses instead of whole blocks: for each
 * deposit address and its associated token account of each pinned mint, getSignaturesForAddress (newest first,
 * paged with `before`) down to the range's first slot; then getTransaction once per new signature of the range.
 * The cost follows the platform's addresses and deposits, not the chain's traffic. From each successful
 * transaction's metadata: SOL for an account whose lamports rose, SPL tokens only of the pinned mints, credited
 * to the token account's owner (a failed transaction credits nothing). Finalized slots do not reorganise, so
 * there is no block hash to check. Tokens sent to a token account other than the associated one are not
 * followed: wallets send to the associated account.
 */
export function solanaDepositSource(rpcUrl: string): DepositSource {
  const rpc: SolanaRpc = createSolanaRpc(rpcUrl);
  const tokenPrograms = new Map<string, Address>();
  const tokenAccounts = new Map<string, Address>();

  /** The program owning a mint (SPL Token or Token-2022), read once: it is part of the associated account's seed. */
  async function tokenProgramOf(mint: string): Promise<Address | null> {
    const known = tokenPrograms.get(mint);
    if (known) return known;
    const account = await rpc.getAccountInfo(address(mint), { encoding: 'base64', commitment: 'finalized' }).send();
    if (!account.value) return null;
    tokenPrograms.set(mint, account.value.owner);
    return account.value.owner;
  }

  async function associatedTokenAccount(owner: string, mint: string, program: Address): Promise<Address> {
    const key = `${owner}:${mint}`;
    const known = tokenAccounts.get(key);
    if (known) return known;
    const encoder = getAddressEncoder();
    const [account] = await getProgramDerivedAddress({
      programAddress: ASSOCIATED_TOKEN_PROGRAM,
      seeds: [encoder.encode(address(owner)), encoder.encode(program), encoder.encode(address(mint))],
    });
    tokenAccounts.set(key, account);
    return account;
  }

  /**
   * Successful transactions touching `account` in slots [from, to]. Asked of a node that has finalized `to` at
   * least (minContextSlot): a node behind it (a load balancer's lagging replica) refuses rather than answer a
   * shorter list, which would move the cursor past transfers it never listed.
   */
  async function signaturesOf(account: Address, from: bigint, to: bigint) {
    const found: { signature: Signature; slot: bigint }[] = [];
    let before: Signature | undefined;
    for (;;) {
      const page = await rpc
        .getSignaturesForAddress(account, {
          commitment: 'finalized',
          limit: PAGE,
          minContextSlot: to,
          ...(before ? { before } : {}),
        })
        .send();
      for (const info of page) {
        if (info.slot < from) return found;
        if (info.slot <= to && info.err === null) found.push({ signature: info.signature, slot: info.slot });
      }
      const last = page.at(-1);
      if (page.length < PAGE || !last) return found;
      before = last.signature;
    }
  }

  return {
    chain: 'solana',
    chainCurrency: 'sol',
    // The cost of a scan is per address, not per slot: one scan may cover as many slots as there are.
    maxRange: 1_000_000n,
    genesisHash: () => rpc.getGenesisHash().send(),
    async heads() {
      const [head, confirmed] = await Promise.all([
        rpc.getSlot({ commitment: 'processed' }).send(),
        rpc.getSlot({ commitment: 'finalized' }).send(),
      ]);
      return { head, confirmed };
    },
    blockHash: async () => null,
    async transfers(from, to, tokens, depositAddresses) {
      const native = tokens.find((t) => t.contract === null);
      const mints = new Map(tokens.filter((t) => t.contract).map((t) => [t.contract as string, t]));
      const followed: Address[] = native ? depositAddresses.map((a) => address(a)) : [];
      for (const mint of mints.keys()) {
        const program = await tokenProgramOf(mint);
        if (!program) continue; // no such mint on this chain: nothing can be sent in it
        for (const owner of depositAddresses) followed.push(await associatedTokenAccount(owner, mint, program));
      }

      // A transaction touching an address and its token account (or two deposit addresses) is read once.
      const slots = new Map<Signature, bigint>();
      for (const found of await inBatches(followed, (account) => signaturesOf(account, from, to))) {
        for (const { signature, slot } of found) slots.set(signature, slot);
      }
      const signatures = [...slots.keys()];
      const transactions = await inBatches(signatures, (signature) =>
        rpc
          .getTransaction(signature, { commitment: 'finalized', encoding: 'json', maxSupportedTransactionVersion: 0 })
          .send(),
      );
      const transfers: ScannedTransfer[] = [];
      for (const [i, tx] of transactions.entries()) {
        // A signature the node listed whose transaction it does not serve (a load balancer's replica behind the
        // one that answered the list): the range was not read, so the tick fails and the cursor stays.
        if (!tx) throw new Error(`the node listed ${signatures[i]} but does not serve its transaction`);
        if (!tx.meta || tx.meta.err !== null) continue;
        transfers.push(...transfersOf(tx, native, mints));
      }
      return { transfers, lastBlockHash: null };
    },
  };
}

export type FoundTransaction = NonNullable<Awaited<ReturnType<ReturnType<SolanaRpc['getTransaction']>['send']>>>;

/** The balance rises of one successful transaction: SOL of any account, SPL tokens of the pinned mints. */
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
  for (const post of meta.postTokenBalances ?? []) {
    const token = mints.get(post.mint);
    if (!token || !post.owner) continue;
    const pre = meta.preTokenBalances?.find((b) => b.accountIndex === post.accountIndex);
    const rise = BigInt(post.uiTokenAmount.amount) - BigInt(pre?.uiTokenAmount.amount ?? '0');
    if (rise <= 0n) continue;
    transfers.push({
      ...base,
      eventIndex: `spl:${post.accountIndex}`,
      currency: token.currency,
      tokenContract: post.mint,
      from: keys[0] ?? null,
      to: post.owner,
      amount: fromBaseUnits(rise, token.decimals),
    });
  }
  return transfers;
}

/** `work` over every item, IN_FLIGHT at a time, answers in the items' order. */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
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
