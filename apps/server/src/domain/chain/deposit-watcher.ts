import { Money, moneyString } from '@aidf/contract';
import type { DepositSource, RecipientLookup, WatchedToken } from '../../chain/deposit-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { type PreparedMovement, postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { notify } from '../notifications/notify.ts';
import { creditOnce } from './chain-credit.ts';
import { cursorScan, cursorStore } from './cursor-scan.ts';
import { errorSummary } from './error-summary.ts';

export interface DepositWatcherOptions {
  repos: Repositories;
  source: DepositSource;
  /** This instance's name in the lease: only the lease holder scans. */
  owner: string;
  /** Blocks (slots) per scan; bounded so one call to the node stays small. */
  maxRange?: bigint;
  leaseMs?: number;
  /** Where a new cursor starts: block 0 (dev chains, tests) or the confirmed head (a production chain). */
  startAt?: 'genesis' | 'head';
  /** Outside production a chain with another genesis (a restarted dev chain) restarts the cursor. */
  allowChainReset?: boolean;
  /** Native coin of the chain, credited besides its tokens (Solana's SOL, BNB Smart Chain's BNB). */
  nativeToken?: WatchedToken;
  /**
   * The platform's own addresses on the chain besides its deposit addresses (the hot wallet, cold, collection:
   * platform-senders.ts), asked each scan. A transfer from one of them, or from a deposit address, is the
   * platform moving its own money (a sweeper's gas top-up), never a user's deposit.
   */
  platformSenders?: () => Promise<readonly string[]>;
}

export type TickResult =
  | {
      outcome: 'scanned';
      from: bigint;
      to: bigint;
      credited: number;
      /** Transfers to a deposit address already credited as another kind of credit: not credited again. */
      alreadyCredited: number;
    }
  | { outcome: 'caught-up' | 'not-lease-holder' | 'cursor-moved' }
  | { outcome: 'stopped'; reason: string };

/**
 * Credits confirmed transfers to deposit addresses (RULES.md "Recharge and withdrawal"). Each tick scans one
 * bounded range after the persisted cursor; the credits and the cursor's move commit in one transaction, and
 * each (chain, transaction, event) is credited at most once (unique key + the movement's idempotency key), so
 * a rescan, a restart mid-range or a second instance adds nothing; a transfer already credited as another kind
 * (chain_credits: a machine payment, an invest) is not credited again and the scan moves on.
 */
export function depositWatcher(options: DepositWatcherOptions) {
  const { repos, source, owner } = options;
  const maxRange = options.maxRange ?? options.source.maxRange ?? 500n;
  const leaseMs = options.leaseMs ?? 30_000;
  const leaseName = `deposit-watcher:${source.chain}`;

  async function watchedTokens(): Promise<WatchedToken[]> {
    const rows = await repos.tokenConfigs.all();
    const tokens = rows
      .filter((r) => r.chainCurrency === source.chainCurrency && r.contractAddress)
      .map((r) => ({ currency: r.currency, contract: r.contractAddress, decimals: r.decimals }));
    return options.nativeToken ? [options.nativeToken, ...tokens] : tokens;
  }

  const scan = cursorScan({
    repos,
    chain: source,
    maxRange,
    startAt: options.startAt,
    allowChainReset: options.allowChainReset,
    store: cursorStore(repos, 'deposit', source.chain),
  });

  async function tick(): Promise<TickResult> {
    if (!(await repos.chain.takeLease(leaseName, owner, leaseMs))) return { outcome: 'not-lease-holder' };
    const range = await scan.next();
    if (range.kind === 'stopped') return { outcome: 'stopped', reason: range.reason };
    if (range.kind === 'caught-up') return { outcome: 'caught-up' };
    const { from, to, genesisHash } = range;
    // Read after the heads: an address handed out later can only receive in a block after `to` (deposit-source.ts).
    // A source that answers every recipient needs none: its recipients are matched in prepareCredits' one lookup.
    const addresses = source.matchesRecipients ? [] : await repos.depositAddresses.addressesOf(source.chainCurrency);
    const owners = ownerLookup(repos, source.chainCurrency);
    const tokens = await watchedTokens();
    const { transfers, lastBlockHash } = await source.transfers(from, to, tokens, addresses, owners.ours);

    const platformSenders = (await options.platformSenders?.()) ?? [];
    const credits = await prepareCredits(repos, source, genesisHash, transfers, platformSenders, owners);
    const committed = await scan.commit(range, lastBlockHash, (tx) => bookCredits(tx, source, genesisHash, credits));
    if (committed === null) return { outcome: 'cursor-moved' };
    return { outcome: 'scanned', from, to, ...committed.result };
  }

  return {
    tick,
    /** Records a failed tick (RPC down, …) for the operator's chain-status. */
    noteError: (error: unknown) => repos.scanCursors.deposit.noteError(source.chain, errorSummary(error)),
    release: () => repos.chain.releaseLease(leaseName, owner),
  };
}

/**
 * The owners of deposit addresses asked in one tick, each address asked once (EVM addresses keyed lower case): a
 * source matching recipients asks for the range's recipients (`ours`, one query), and the credits then ask only
 * for what was not asked yet (the senders of the transfers to the platform).
 */
function ownerLookup(repos: Repositories, chainCurrency: 'bnb' | 'sol') {
  const key = (address: string) => (chainCurrency === 'bnb' ? address.toLowerCase() : address);
  const asked = new Set<string>();
  const owners = new Map<string, bigint>();
  async function ask(addresses: Iterable<string>) {
    const fresh = [...new Set([...addresses].map(key))].filter((a) => !asked.has(a));
    if (fresh.length === 0) return;
    for (const a of fresh) asked.add(a);
    for (const [address, userId] of await repos.chain.depositOwners(chainCurrency, fresh)) {
      owners.set(key(address), userId);
    }
  }
  const ours: RecipientLookup = async (candidates) => {
    await ask(candidates);
    return new Set(candidates.map(key).filter((a) => owners.has(a)));
  };
  return { key, owners, ask, ours };
}

type ScannedDeposit = Awaited<ReturnType<DepositSource['transfers']>>['transfers'][number];
type PreparedCredit = { transfer: ScannedDeposit; userId: bigint; movement: PreparedMovement };

/**
 * The credits of a range's transfers, prepared outside the transaction: only transfers to a user's deposit
 * address, and none from the platform's own addresses (`platformSenders`, or another deposit address). The
 * recipients and senders are looked up in one query (those a source asked already are not asked again), so the
 * cost follows the range's transfers, not the number of deposit addresses.
 */
async function prepareCredits(
  repos: Repositories,
  source: DepositSource,
  genesisHash: string,
  transfers: ScannedDeposit[],
  platformSenders: readonly string[],
  lookup: ReturnType<typeof ownerLookup>,
): Promise<PreparedCredit[]> {
  const seen = new Set<string>();
  for (const t of transfers) {
    seen.add(t.to);
    if (t.from !== null) seen.add(t.from);
  }
  await lookup.ask(seen);
  const { owners, key } = lookup;
  const platform = new Set(platformSenders.map(key));
  const credits: PreparedCredit[] = [];
  for (const transfer of transfers) {
    const userId = owners.get(key(transfer.to));
    if (userId === undefined) continue; // not one of ours: a transfer between strangers
    const from = transfer.from === null ? null : key(transfer.from);
    if (from !== null && (platform.has(from) || owners.has(from))) continue; // the platform's own money
    const amount = new Money(transfer.amount);
    const movement = await prepareMovement(repos, {
      type: 'chain-recharge',
      idemKey: `deposit:${source.chain}:${genesisHash}:${transfer.txHash}:${transfer.eventIndex}`,
      ref: transfer.txHash,
      lines: [
        { account: platformAccount(PLATFORM.chain(source.chain), transfer.currency), amount: amount.neg() },
        { account: userAccount(userId, transfer.currency), amount },
      ],
    });
    credits.push({ transfer, userId, movement });
  }
  return credits;
}

/** Books the prepared credits in the cursor's transaction, each (chain, transaction, event) at most once. */
async function bookCredits(tx: Repositories, source: DepositSource, genesisHash: string, credits: PreparedCredit[]) {
  // The global lock order (a withdrawal request's too): the users' rows, then every account in id order,
  // all before the first credit. Crediting one by one would lock accounts out of order across credits,
  // and a deposit row's foreign-key check on a user after its account deadlocked with a withdrawal.
  if (credits.length > 0) {
    await tx.users.lockForMoney(credits.map((c) => c.userId));
    await tx.ledger.lockAccounts(credits.flatMap((c) => c.movement.accountIds));
  }
  let credited = 0;
  let alreadyCredited = 0;
  for (const { transfer, userId, movement } of credits) {
    const key = { chain: source.chain, genesisHash, txHash: transfer.txHash, eventIndex: transfer.eventIndex };
    const credit = await creditOnce(tx, key, 'deposit', async (inner) => {
      const posted = await postPrepared(inner, movement);
      if (posted.replayed) return posted;
      await inner.chain.insertDeposit({
        chain: source.chain,
        genesisHash,
        txHash: transfer.txHash,
        eventIndex: transfer.eventIndex,
        blockNumber: transfer.blockNumber,
        blockHash: transfer.blockHash,
        userId,
        currency: transfer.currency,
        tokenContract: transfer.tokenContract,
        fromAddress: transfer.from,
        toAddress: transfer.to,
        amount: transfer.amount,
        movementId: posted.movementId,
      });
      await notify(inner, {
        userId,
        kind: 'deposit-credited',
        params: { amount: moneyString(new Money(transfer.amount)), currency: transfer.currency.toUpperCase() },
        key: `movement:${posted.movementId}`,
      });
      return posted;
    });
    // Credited before as another kind (a machine payment: the collection address was this deposit address).
    if (credit.outcome === 'taken') alreadyCredited++;
    if (credit.outcome === 'credited') credited++;
  }
  return { credited, alreadyCredited };
}
