import { Money } from '@aidf/contract';
import type { InvestSource } from '../../chain/evm/evm-invest-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { cursorScan, cursorStore } from '../chain/cursor-scan.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { type PreparedMovement, postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { investTarget } from './invest-config.ts';

export interface InvestWatcherOptions {
  repos: Repositories;
  source: InvestSource;
  /** This instance's name in the lease: only the lease holder scans. */
  owner: string;
  maxRange?: bigint;
  leaseMs?: number;
  /** Where a new cursor starts: block 0 (dev chains, tests) or the confirmed head (a production chain). */
  startAt?: 'genesis' | 'head';
  /** Outside production a chain with another genesis (a restarted dev chain) restarts the cursor. */
  allowChainReset?: boolean;
}

export type InvestTickResult =
  | { outcome: 'scanned'; from: bigint; to: bigint; credited: number; unbound: number }
  | { outcome: 'caught-up' | 'not-lease-holder' | 'cursor-moved' | 'not-configured' }
  | { outcome: 'stopped'; reason: string };

/**
 * Credits the invest contract's Invested events (RULES.md "Pledge"), the deposit watcher's design for one
 * contract: each tick scans one bounded range after the persisted cursor, once the blocks are deep enough
 * (BSC_CONFIRMATIONS); the credits, the records and the cursor's move commit in one transaction; each (chain,
 * transaction, log) is recorded once (unique key + the movement's idempotency key), so a rescan, a restart or a
 * second instance adds nothing. The AIDF goes from the chain's side account into the normal AIDF balance of
 * the account bound to the sender; an event from an address bound to no account is recorded without a credit,
 * for the operator (chain-status), rather than lost.
 */
export function investWatcher(options: InvestWatcherOptions) {
  const { repos, source, owner } = options;
  const maxRange = options.maxRange ?? 500n;
  const leaseMs = options.leaseMs ?? 30_000;
  const chain = source.chain;
  const leaseName = `invest-watcher:${chain}`;

  const scan = cursorScan({
    repos,
    chain: source,
    maxRange,
    startAt: options.startAt,
    allowChainReset: options.allowChainReset,
    store: cursorStore(repos, 'invest', chain),
  });

  async function tick(): Promise<InvestTickResult> {
    const target = await investTarget(repos, chain);
    if (!target) return { outcome: 'not-configured' };
    if (!(await repos.chain.takeLease(leaseName, owner, leaseMs))) return { outcome: 'not-lease-holder' };
    const range = await scan.next();
    if (range.kind === 'stopped') return { outcome: 'stopped', reason: range.reason };
    if (range.kind === 'caught-up') return { outcome: 'caught-up' };
    const { from, to, genesisHash } = range;
    const { invests, lastBlockHash } = await source.invests(from, to, target.contract, target.decimals);

    const owners = await repos.invests.boundOwners([...new Set(invests.map((i) => i.from))]);
    const found: { invest: (typeof invests)[number]; userId: bigint | null; movement: PreparedMovement | null }[] = [];
    for (const invest of invests) {
      const userId = owners.get(invest.from) ?? null;
      if (userId === null) {
        found.push({ invest, userId, movement: null });
        continue;
      }
      const amount = new Money(invest.amount);
      const movement = await prepareMovement(repos, {
        type: 'chain-invest',
        idemKey: `invest:${chain}:${genesisHash}:${invest.txHash}:${invest.logIndex}`,
        ref: invest.txHash,
        lines: [
          { account: platformAccount(PLATFORM.chain(chain), 'aidf'), amount: amount.neg() },
          { account: userAccount(userId, 'aidf'), amount },
        ],
      });
      found.push({ invest, userId, movement });
    }

    const committed = await scan.commit(range, lastBlockHash, async (tx) => {
      // The global lock order: the users' rows, then every account in id order, before the first credit.
      const credits = found.filter((f) => f.movement !== null);
      if (credits.length > 0) {
        await tx.users.lockForMoney(credits.map((c) => c.userId as bigint));
        await tx.ledger.lockAccounts(credits.flatMap((c) => (c.movement as PreparedMovement).accountIds));
      }
      let credited = 0;
      let unbound = 0;
      for (const { invest, userId, movement } of found) {
        const posted = movement ? await postPrepared(tx, movement) : null;
        if (posted?.replayed) continue;
        const recorded = await tx.invests.insert({
          chain,
          genesisHash,
          txHash: invest.txHash,
          logIndex: invest.logIndex,
          blockNumber: invest.blockNumber,
          blockHash: invest.blockHash,
          contractAddress: invest.contract,
          fromAddress: invest.from,
          amount: invest.amount,
          userId,
          movementId: posted?.movementId ?? null,
        });
        // A credit whose record exists already would be a second credit: roll the whole scan back.
        if (!recorded && posted) throw new Error(`invest ${invest.txHash}:${invest.logIndex} recorded twice`);
        if (recorded && posted) credited++;
        if (recorded && !posted) unbound++;
      }
      return { credited, unbound };
    });
    if (committed === null) return { outcome: 'cursor-moved' };
    return { outcome: 'scanned', from, to, ...committed.result };
  }

  return {
    tick,
    /** Records a failed tick (RPC down, …) for the operator's chain-status. */
    noteError: (error: unknown) => repos.scanCursors.invest.noteError(chain, errorSummary(error)),
    release: () => repos.chain.releaseLease(leaseName, owner),
  };
}

export type InvestWatcher = ReturnType<typeof investWatcher>;
