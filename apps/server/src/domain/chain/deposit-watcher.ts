import { Money } from '@aidf/contract';
import type { DepositSource, WatchedToken } from '../../chain/deposit-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { type PreparedMovement, postPrepared, prepareMovement } from '../ledger/post-movement.ts';
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
    const addresses = await repos.depositAddresses.addressesOf(source.chainCurrency);
    const { transfers, lastBlockHash } = await source.transfers(from, to, await watchedTokens(), addresses);

    const owners = await repos.chain.depositOwners(source.chainCurrency, [...new Set(transfers.map((t) => t.to))]);
    const key = (address: string) => (source.chainCurrency === 'bnb' ? address.toLowerCase() : address);
    const platform = new Set([...addresses, ...((await options.platformSenders?.()) ?? [])].map(key));
    const credits: { transfer: (typeof transfers)[number]; userId: bigint; movement: PreparedMovement }[] = [];
    for (const transfer of transfers) {
      const userId = owners.get(key(transfer.to));
      if (userId === undefined) continue; // not one of ours: a transfer between strangers
      if (transfer.from !== null && platform.has(key(transfer.from))) continue; // the platform's own money
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

    const committed = await scan.commit(range, lastBlockHash, async (tx) => {
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
          return posted;
        });
        // Credited before as another kind (a machine payment: the collection address was this deposit address).
        if (credit.outcome === 'taken') alreadyCredited++;
        if (credit.outcome === 'credited') credited++;
      }
      return { credited, alreadyCredited };
    });
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
