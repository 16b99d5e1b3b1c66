import { buildMerkleSumTree, CURRENCIES, fromBaseUnits, toBaseUnits } from '@aidf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadLimits } from '../../chain/balance-reads.ts';
import type { ChainServices } from '../../chain/chain-services.ts';
import type { AppDb } from '../../db/client.ts';
import {
  type AmountsByCurrency,
  RESERVES_BASE_UNIT_DECIMALS,
  reservesChainRepository,
  reservesRepository,
  type StoredReport,
} from '../../db/repositories/reserves.ts';
import { AppError } from '../errors.ts';
import { PLATFORM } from '../ledger/platform-accounts.ts';
import { type ChainHoldings, type ReserveAlerts, readChainHoldings } from './chain-holdings.ts';
import { chainReadPlan } from './chain-read-plan.ts';
import { PAD_USER, reportLeaves } from './reserves-leaves.ts';

/**
 * A reserves report (docs/architecture.md "Proof of reserves"): what the ledger owes its users, read in one
 * repeatable-read snapshot, committed to by a Merkle sum tree over every user (salted, shuffled leaves) and
 * stored with every node, so a user's proof is read with one query.
 *
 * Liabilities are the users' balances (every submode: normal and frozen) and what the platform holds for them:
 * withdrawals debited and not yet confirmed or refunded, pledge principal and the covered part of miner orders.
 * The ledger keeps those three in platform accounts, not per user, so they are reported as totals beside the
 * tree, not inside its leaves. Operator credits and issuance are what was added without anything coming in; the
 * chains' clearing accounts say what the platform should hold on each chain. Given the chains, the report reads
 * their balances (hot, cold, not yet swept, collection address, invest contract: chain-holdings.ts) after the
 * snapshot, at the block it names, and sets them beside the clearing accounts and the liabilities: status
 * 'complete', or 'incomplete' when an address or a chain could not be read (in time). Without the chains `chainHoldings` is null and the status says 'liabilities-only'.
 *
 * Base units are 10^-18 of a currency for every currency: the ledger's own precision (numeric(48, 18)), exact
 * for every balance; a token's decimals differ between chains (USDT: 18 on BNB Smart Chain, 6 on Solana) and a
 * ledger balance belongs to no chain.
 */

const CHAINS = ['bsc', 'solana'] as const;
const HELD = {
  withdrawalsInFlight: PLATFORM.withdrawalsInFlight,
  pledges: PLATFORM.pledgePool,
  minerOrders: PLATFORM.machineOrdersHeld,
} as const;

const decimal = (text: string) =>
  fromBaseUnits(toBaseUnits(text, RESERVES_BASE_UNIT_DECIMALS), RESERVES_BASE_UNIT_DECIMALS);
const negated = (text: string) =>
  fromBaseUnits(-toBaseUnits(text, RESERVES_BASE_UNIT_DECIMALS), RESERVES_BASE_UNIT_DECIMALS);

function byCurrency(currencies: readonly string[], rows: { currency: string; balance: string }[], sign: 1 | -1) {
  const out: AmountsByCurrency = Object.fromEntries(currencies.map((c) => [c, '0']));
  for (const row of rows) out[row.currency] = sign === 1 ? decimal(row.balance) : negated(row.balance);
  return out;
}

function added(currencies: readonly string[], ...parts: AmountsByCurrency[]): AmountsByCurrency {
  return Object.fromEntries(
    currencies.map((c) => [
      c,
      fromBaseUnits(
        parts.reduce((sum, part) => sum + toBaseUnits(part[c] ?? '0', RESERVES_BASE_UNIT_DECIMALS), 0n),
        RESERVES_BASE_UNIT_DECIMALS,
      ),
    ]),
  );
}

export interface ChainReadOptions {
  chains: ChainServices;
  limits?: Partial<ReadLimits>;
  /** Where the alerts are logged (`{ alert: 'reserves-shortfall' | 'clearing-mismatch' | 'reserves-unread' }`). */
  log?: FastifyBaseLogger;
  /** Where a test may stop the process as a crash would: after the chains were read, before the report is stored. */
  crashPoints?: { afterChainRead?: () => void };
}

/**
 * Runs one report: reads the ledger at one snapshot, builds the tree, stores report, nodes and leaves; with
 * `reads`, reads the chains too (outside any transaction, within `limits.deadlineMs`) and logs what they found
 * wrong.
 */
export async function runReservesReport(db: AppDb, reads?: ChainReadOptions): Promise<StoredReport> {
  // Two short transactions: the ledger's snapshot, then (after the chain reads) the report's storing.
  const stated = await db.transaction(async (tx) => {
    const reserves = reservesRepository(tx as unknown as AppDb);
    await reserves.snapshot();
    const extra = (await reserves.userCurrencies()).filter((c) => !(CURRENCIES as readonly string[]).includes(c));
    const currencies = [...CURRENCIES, ...extra];
    const users = await reserves.userBaseUnits();
    const totals = await reserves.userTotals();
    const platform = await reserves.platformBalances([
      ...Object.values(HELD),
      PLATFORM.operatorCredit,
      PLATFORM.issuance,
      ...CHAINS.map((c) => PLATFORM.chain(c)),
    ]);
    const rowsOf = (code: string) => platform.filter((p) => p.code === code);

    // Held for users: credited to these accounts when taken from a user, so their balance is what is owed.
    const held = Object.fromEntries(
      Object.entries(HELD).map(([name, code]) => [name, byCurrency(currencies, rowsOf(code), 1)]),
    );
    const userBalances = byCurrency(
      currencies,
      Object.entries(totals).map(([currency, balance]) => ({ currency, balance })),
      1,
    );
    // The platform's sources are debited when money enters: their balance negated is what they added.
    const clearing = Object.fromEntries(
      CHAINS.map((chain) => [chain, byCurrency(currencies, rowsOf(PLATFORM.chain(chain)), -1)]),
    );

    const leaves = reportLeaves(currencies, users);
    const tree = leaves.length > 0 ? buildMerkleSumTree(currencies, leaves) : null;
    const liabilities = added(currencies, userBalances, ...Object.values(held));
    // What the chains are read for (addresses, settings, the deposit watcher's cursor: the block read at) is taken
    // in this snapshot, so it is that of the ledger the report states; the chains are read after it ends.
    const plan = reads ? await chainReadPlan(tx as unknown as AppDb, reads.chains, currencies) : null;
    const userCount = users.length;
    return { currencies, rowsOf, held, userBalances, clearing, leaves, tree, liabilities, plan, userCount };
  });
  const { currencies, rowsOf, held, userBalances, clearing, leaves, tree, liabilities, userCount } = stated;
  // No transaction is open while the chains are read: a node that hangs holds no snapshot, lock or connection.
  const chainRead =
    reads && stated.plan
      ? await readChainHoldings(reads.chains, stated.plan, { currencies, clearing, liabilities, limits: reads.limits })
      : null;
  reads?.crashPoints?.afterChainRead?.();
  const report = await db.transaction(async (tx) => {
    const reserves = reservesRepository(tx as unknown as AppDb);
    const report = await reserves.insertReport({
      status: 'liabilities-only',
      currencies,
      baseUnitDecimals: RESERVES_BASE_UNIT_DECIMALS,
      userCount,
      treeDepth: tree ? tree.levels.length - 1 : 0,
      rootHash: tree?.root.hash ?? null,
      rootSums: tree?.root.sums ?? currencies.map(() => '0'),
      userBalances,
      held,
      liabilities,
      clearing,
      operatorCredits: byCurrency(currencies, rowsOf(PLATFORM.operatorCredit), -1),
      issuance: byCurrency(currencies, rowsOf(PLATFORM.issuance), -1),
      // Published by the treasury's hot wallet on BNB Smart Chain (jobs/reserves-publish.ts).
      publicationStatus: !tree ? 'no-root' : reads?.chains.bsc ? 'pending' : 'no-chain',
    });
    if (tree) await storeTree(reserves, report.id, tree, leaves);
    if (!chainRead) return report;
    await reservesChainRepository(tx as unknown as AppDb).storeChainHoldings(
      report.id,
      chainRead.status,
      chainRead.holdings,
      chainRead.alerts,
    );
    return { ...report, status: chainRead.status, chainHoldings: chainRead.holdings, alerts: chainRead.alerts };
  });
  if (reads?.log) logReserveAlerts(reads.log, report);
  return report;
}

/** The tree's nodes, and a leaf row for each user's leaf. */
async function storeTree(
  reserves: ReturnType<typeof reservesRepository>,
  reportId: StoredReport['id'],
  tree: ReturnType<typeof buildMerkleSumTree>,
  leaves: ReturnType<typeof reportLeaves>,
) {
  await reserves.insertNodes(
    reportId,
    tree.levels.flatMap((level, depth) =>
      level.map((node, idx) => ({ level: depth, idx, hash: node.hash, sums: node.sums.map(String) })),
    ),
  );
  await reserves.insertLeaves(
    reportId,
    // Padding leaves are in the tree's nodes (level 0) but belong to nobody: no row of their own.
    leaves.flatMap((leaf, leafIndex) =>
      leaf.userId === PAD_USER
        ? []
        : [
            {
              userId: leaf.userId,
              share: leaf.share,
              leafIndex,
              salt: leaf.salt,
              amounts: leaf.amounts.map(String),
            },
          ],
    ),
  );
}

/** The report's alerts as log lines (docs/operator-guide.md "Alerts"); the metrics say the same at each scrape. */
export function logReserveAlerts(log: FastifyBaseLogger, report: StoredReport) {
  const alerts = report.alerts as ReserveAlerts | null;
  if (!alerts) return;
  const reportId = report.id;
  for (const s of alerts.shortfall) {
    log.error(
      { alert: 'reserves-shortfall', reportId, ...s },
      `the chains hold less ${s.currency} than the users are owed`,
    );
  }
  for (const m of alerts.clearingMismatch) {
    log.error(
      { alert: 'clearing-mismatch', reportId, ...m },
      `${m.chain} holds ${m.difference} ${m.currency} more than its clearing account says (negative: less)`,
    );
  }
  if (alerts.unread > 0 || alerts.unreadChains.length > 0) {
    log.warn(
      { alert: 'reserves-unread', reportId, addresses: alerts.unread, chains: alerts.unreadChains },
      'the reserves report could not read some addresses or chains: it is incomplete',
    );
  }
}

/** What an operator sees of a report: everything but the tree. */
export function reportSummary(report: StoredReport) {
  return {
    ...report,
    chainHoldings: report.chainHoldings as ChainHoldings | null,
    alerts: report.alerts as ReserveAlerts | null,
    createdAt: report.createdAt.getTime(),
    root: report.rootHash ? { hash: report.rootHash, sums: report.rootSums } : null,
  };
}

export async function latestReservesReport(db: AppDb) {
  const report = await reservesRepository(db).latest();
  if (!report) throw new AppError(81047);
  return reportSummary(report);
}
