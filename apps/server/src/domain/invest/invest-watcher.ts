import { Money } from '@aidf/contract';
import type { InvestSource } from '../../chain/evm/evm-invest-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { InvestNotCredited } from '../../db/repositories/invests.ts';
import { creditOnce } from '../chain/chain-credit.ts';
import { cursorScan, cursorStore } from '../chain/cursor-scan.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { PLATFORM, platformAccount, userAccount } from '../ledger/platform-accounts.ts';
import { type PreparedMovement, postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { investTarget } from './invest-config.ts';
import { type PairedInvest, pairInvests } from './pair-invests.ts';

type Found = PairedInvest & { userId: bigint | null; movement: PreparedMovement | null };

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
  | {
      outcome: 'scanned';
      from: bigint;
      to: bigint;
      credited: number;
      /** Value that arrived from an address bound to no account: recorded for an operator. */
      unbound: number;
      /** Events recorded without a credit: no AIDF moved with them, or their transfer was credited before. */
      notCredited: number;
    }
  | { outcome: 'caught-up' | 'not-lease-holder' | 'cursor-moved' | 'not-configured' }
  | { outcome: 'stopped'; reason: string };

/**
 * Credits the AIDF that arrived at the invest contract with its Invested events (RULES.md "Pledge", "Treasury"),
 * the deposit watcher's design for one contract: each tick scans one bounded range after the persisted cursor,
 * once the blocks are deep enough (BSC_CONFIRMATIONS); the credits, the records and the cursor's move commit in one
 * transaction; each (chain, transaction, log) is recorded once (unique key + the movement's idempotency key), so a
 * rescan, a restart or a second instance adds nothing. An event is credited only with the AIDF Transfer that
 * carried it (pair-invests.ts), and that transfer is the chain transfer claimed in chain_credits: an event
 * without one is recorded as 'no-transfer' and credits nothing, whatever it says. The AIDF goes from the chain's
 * side account into the normal AIDF balance of the account bound to the sender; value from an address bound to
 * no account is recorded without a credit, for the operator (chain-status), rather than lost.
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
    const { invests, transfers, lastBlockHash } = await source.invests(from, to, target);

    const owners = await repos.invests.boundOwners([...new Set(invests.map((i) => i.from))]);
    const found: Found[] = [];
    for (const { invest, transfer } of pairInvests(invests, transfers)) {
      const userId = owners.get(invest.from) ?? null;
      if (userId === null || transfer === null) {
        found.push({ invest, transfer, userId, movement: null });
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
      found.push({ invest, transfer, userId, movement });
    }

    const committed = await scan.commit(range, lastBlockHash, (tx) => bookInvests(tx, chain, genesisHash, found));
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

/**
 * Records each invest found in the cursor's transaction and credits the ones paired with their AIDF transfer from
 * a bound address, each chain transfer at most once.
 */
async function bookInvests(tx: Repositories, chain: InvestSource['chain'], genesisHash: string, found: Found[]) {
  // The global lock order: the users' rows, then every account in id order, before the first credit.
  const credits = found.filter((f) => f.movement !== null);
  if (credits.length > 0) {
    await tx.users.lockForMoney(credits.map((c) => c.userId as bigint));
    await tx.ledger.lockAccounts(credits.flatMap((c) => (c.movement as PreparedMovement).accountIds));
  }
  const counts = { credited: 0, unbound: 0, notCredited: 0 };
  const record = (f: Found, movementId: bigint | null, notCredited: InvestNotCredited | null) =>
    tx.invests.insert({
      chain,
      genesisHash,
      txHash: f.invest.txHash,
      logIndex: f.invest.logIndex,
      blockNumber: f.invest.blockNumber,
      blockHash: f.invest.blockHash,
      contractAddress: f.invest.contract,
      fromAddress: f.invest.from,
      amount: f.invest.amount,
      userId: f.userId,
      movementId,
      transferLogIndex: f.transfer?.logIndex ?? null,
      notCredited,
    });
  for (const f of found) {
    const { movement, transfer } = f;
    if (movement === null || transfer === null) {
      // Nothing arrived (an event without its AIDF), or it arrived from an address bound to no account.
      const why = transfer === null ? 'no-transfer' : 'unbound';
      if (await record(f, null, why)) counts[why === 'unbound' ? 'unbound' : 'notCredited']++;
      continue;
    }
    // The value is the AIDF Transfer log: that is the chain transfer credited, not the event.
    const key = { chain, genesisHash, txHash: transfer.txHash, eventIndex: String(transfer.logIndex) };
    const credit = await creditOnce(tx, key, 'invest', async (inner) => {
      const posted = await postPrepared(inner, movement);
      if (posted.replayed) return posted;
      // A credit whose record exists already would be a second credit: roll the whole scan back.
      if (!(await record(f, posted.movementId, null))) {
        throw new Error(`invest ${f.invest.txHash}:${f.invest.logIndex} recorded twice`);
      }
      return posted;
    });
    if (credit.outcome === 'credited') counts.credited++;
    if (credit.outcome === 'taken' && (await record(f, null, 'already-credited'))) counts.notCredited++;
  }
  return counts;
}
