import { Money } from '@aidf/contract';
import type { DepositSource, WatchedToken } from '../../chain/deposit-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { type PreparedMovement, postPrepared, prepareMovement } from '../ledger/post-movement.ts';
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
  /** Native coin of the chain, credited besides its tokens (Solana's SOL). */
  nativeToken?: WatchedToken;
}

export type TickResult =
  | { outcome: 'scanned'; from: bigint; to: bigint; credited: number }
  | { outcome: 'caught-up' | 'not-lease-holder' | 'cursor-moved' }
  | { outcome: 'stopped'; reason: string };

/**
 * Credits confirmed transfers to deposit addresses (RULES.md "Recharge and withdrawal"). Each tick scans one
 * bounded range after the persisted cursor; the credits and the cursor's move commit in one transaction, and
 * each (chain, transaction, event) is credited at most once (unique key + the movement's idempotency key), so
 * a rescan, a restart mid-range or a second instance adds nothing.
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

  async function cursorFor(confirmed: bigint) {
    const genesis = await source.genesisHash();
    const cursor = await repos.chain.cursor(source.chain);
    if (cursor && cursor.genesisHash === genesis) return cursor;
    if (cursor && !options.allowChainReset) {
      return { stop: `the RPC serves another chain (genesis ${genesis}, the cursor's is ${cursor.genesisHash})` };
    }
    const start = options.startAt === 'head' ? (confirmed > 0n ? confirmed : 0n) : 0n;
    await repos.chain.resetCursor(source.chain, genesis, start);
    return repos.chain.cursor(source.chain);
  }

  async function tick(): Promise<TickResult> {
    if (!(await repos.chain.takeLease(leaseName, owner, leaseMs))) return { outcome: 'not-lease-holder' };
    const { head, confirmed } = await source.heads();
    const cursor = await cursorFor(confirmed);
    if (!cursor) throw new Error('chain cursor vanished after reset');
    if ('stop' in cursor) {
      await repos.chain.noteError(source.chain, cursor.stop);
      return { outcome: 'stopped', reason: cursor.stop };
    }
    const from = cursor.nextBlock;
    if (from > confirmed) {
      await repos.chain.noteHead(source.chain, head);
      return { outcome: 'caught-up' };
    }
    if (cursor.lastBlockHash && from > 0n) {
      const seen = await source.blockHash(from - 1n);
      if (seen !== null && seen !== cursor.lastBlockHash) {
        const reason = `block ${from - 1n} changed after it was scanned: a reorganisation deeper than the confirmation depth; scanning stopped for an operator`;
        await repos.chain.noteError(source.chain, reason);
        return { outcome: 'stopped', reason };
      }
    }
    const to = confirmed < from + maxRange - 1n ? confirmed : from + maxRange - 1n;
    // Read after the heads: an address handed out later can only receive in a block after `to` (deposit-source.ts).
    const addresses = await repos.depositAddresses.addressesOf(source.chainCurrency);
    const { transfers, lastBlockHash } = await source.transfers(from, to, await watchedTokens(), addresses);

    const owners = await repos.chain.depositOwners(source.chainCurrency, [...new Set(transfers.map((t) => t.to))]);
    const key = (address: string) => (source.chainCurrency === 'bnb' ? address.toLowerCase() : address);
    const credits: { transfer: (typeof transfers)[number]; userId: bigint; movement: PreparedMovement }[] = [];
    for (const transfer of transfers) {
      const userId = owners.get(key(transfer.to));
      if (userId === undefined) continue; // not one of ours: a transfer between strangers
      const amount = new Money(transfer.amount);
      const movement = await prepareMovement(repos, {
        type: 'chain-recharge',
        idemKey: `deposit:${source.chain}:${cursor.genesisHash}:${transfer.txHash}:${transfer.eventIndex}`,
        ref: transfer.txHash,
        lines: [
          { account: platformAccount(PLATFORM.chain(source.chain), transfer.currency), amount: amount.neg() },
          { account: userAccount(userId, transfer.currency), amount },
        ],
      });
      credits.push({ transfer, userId, movement });
    }

    const credited = await repos.transaction(async (tx) => {
      // Another instance (after a lost lease) may have moved the cursor meanwhile: then this scan is void.
      if (!(await tx.chain.lockCursorAt(source.chain, from))) return null;
      // The global lock order (a withdrawal request's too): the users' rows, then every account in id order,
      // all before the first credit. Crediting one by one would lock accounts out of order across credits,
      // and a deposit row's foreign-key check on a user after its account deadlocked with a withdrawal.
      if (credits.length > 0) {
        await tx.users.lockForMoney(credits.map((c) => c.userId));
        await tx.ledger.lockAccounts(credits.flatMap((c) => c.movement.accountIds));
      }
      let count = 0;
      for (const { transfer, userId, movement } of credits) {
        const posted = await postPrepared(tx, movement);
        if (posted.replayed) continue;
        await tx.chain.insertDeposit({
          chain: source.chain,
          genesisHash: cursor.genesisHash,
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
        count++;
      }
      await tx.chain.advanceCursor(source.chain, to + 1n, lastBlockHash, head);
      return count;
    });
    if (credited === null) return { outcome: 'cursor-moved' };
    return { outcome: 'scanned', from, to, credited };
  }

  return {
    tick,
    /** Records a failed tick (RPC down, …) for the operator's chain-status. */
    noteError: (error: unknown) => repos.chain.noteError(source.chain, errorSummary(error)),
    release: () => repos.chain.releaseLease(leaseName, owner),
  };
}

export type DepositWatcher = ReturnType<typeof depositWatcher>;
