import type { SolanaDevChain } from '@aidf/devchain';
import { createSolanaRpc } from '@solana/kit';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import type { ChainHolding } from '../src/domain/treasury/chain-holdings.ts';
import { solanaSweeper } from '../src/domain/treasury/solana-sweeper.ts';
import { payoutWorker } from '../src/domain/withdraw/payout-worker.ts';
import { depositWatcherWork } from '../src/jobs/chain-watchers.ts';
import { jobRunner } from '../src/jobs/job-runner.ts';
import type { ChainTestServer } from './chain.ts';
import { DEPTH } from './treasury-bsc.ts';
import { ops } from './users.ts';

export const FINALIZED_DEPTH = 31;
export const CURRENCIES = { bsc: ['cow', 'usdt', 'bnb'], solana: ['sol', 'usdt'] };

export type Holdings = Record<'bsc' | 'solana', ChainHolding>;
export interface Report {
  id: string;
  status: string;
  chainHoldings: Holdings;
  liabilities: Record<string, string>;
  operatorCredits: Record<string, string>;
  issuance: Record<string, string>;
  alerts: { shortfall: { currency: string; holdings: string; liabilities: string }[]; unread: number };
}

/** The scenario's chains and server (set in its beforeAll), and the reports it has made so far. */
export interface ScenarioEnv {
  server: () => ChainTestServer;
  solana: () => SolanaDevChain;
  reports: Report[];
}

/** The treasury scenario's steps: the watchers, the reserves report, the sweepers and payouts, as it drives them. */
export function scenarioSteps(env: ScenarioEnv) {
  const rpc = () => createSolanaRpc(env.solana().rpcUrl);
  const finalize = () => env.solana().advanceSlots(FINALIZED_DEPTH + 1);
  const set = (key: string, value: string) => env.server().repos.settings.set(key, value, 'scenario');

  /** The deposit watchers as the workers role starts them (platform senders known), ticked until caught up. */
  async function scan(chain: 'bsc' | 'solana') {
    const loop = depositWatcherWork(chain).start({
      db: null,
      repos: env.server().repos,
      chains: env.server().app.chains,
      owner: 'workers-1',
      log: env.server().app.log,
      dailyRunner: jobRunner({ repos: env.server().repos, jobs: [], owner: 'workers-1' }),
      allowChainReset: true,
      collectionFallbackToHotWallet: false,
      solanaDeposits: { makeAddress: null, ahead: 0 },
    });
    if (!loop) throw new Error(`the ${chain} deposit watcher did not start`);
    try {
      for (let i = 0; i < 200; i++) {
        const result = (await loop.tick()) as { outcome: string };
        if (result.outcome === 'scanned') continue;
        if (result.outcome === 'caught-up') return;
        throw new Error(`the ${chain} watcher ended with ${JSON.stringify(result)}`);
      }
      throw new Error(`the ${chain} watcher never caught up`);
    } finally {
      await loop.release?.();
    }
  }
  async function scanBoth() {
    await env.server().evm.mine(DEPTH);
    finalize();
    await scan('bsc');
    await scan('solana');
  }

  /**
   * The reserves report with chain reads, through the operators' route, after the watchers have caught up (the
   * report reads each chain at the block or slot the deposits were credited up to): complete, and every chain and
   * currency balanced to the base unit.
   */
  async function balancedReport(step: string): Promise<Report> {
    await scanBoth();
    const res = await ops(env.server(), 'POST', '/ops/v1/reserves/reports', { reason: `scenario: ${step}` });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const report = res.json.data as Report;
    expect({ step, status: report.status }).toEqual({ step, status: 'complete' });
    for (const chain of ['bsc', 'solana'] as const) {
      const held = report.chainHoldings[chain];
      // Every currency of the chain is compared (an empty difference would compare nothing).
      expect(Object.keys(held.difference ?? {})).toEqual(expect.arrayContaining(CURRENCIES[chain]));
      expect({ step, chain, unread: held.unread }).toEqual({ step, chain, unread: [] });
      for (const [currency, difference] of Object.entries(held.difference))
        expect({ step, chain, currency, difference }).toEqual({ step, chain, currency, difference: '0' });
    }
    env.reports.push(report);
    return report;
  }

  async function sweepRows(chain: 'bsc' | 'solana') {
    return rowsOf<{
      id: string;
      from_address: string;
      to_address: string;
      currency: string;
      kind: string;
      status: string;
      amount: string;
    }>(
      await env.server().database.db.execute(
        sql`SELECT id::text, from_address, to_address, currency, kind, status, amount::text FROM sweeps
            WHERE chain = ${chain} ORDER BY id`,
      ),
    );
  }

  /** The Solana sweeper as its own test drives it: ticks, finalizing between them, until no sweep is open. */
  async function sweepSolana() {
    const chain = env.server().app.chains.solana?.sweeps;
    if (!chain) throw new Error('the treasury has no Solana sweeper');
    const sweeper = solanaSweeper({ repos: env.server().repos, chain, owner: 'treasury-1', leaseMs: 1 });
    for (let i = 0; i < 10; i++) {
      await sweeper.tick();
      const open = (await sweepRows('solana')).filter((s) => !['swept', 'skipped'].includes(s.status));
      if (open.length === 0) return;
      finalize();
    }
    throw new Error('Solana sweeps still open');
  }

  const payouts = () => {
    const bsc = env.server().app.chains.bsc;
    if (!bsc?.payouts) throw new Error('BSC payouts not configured');
    return payoutWorker({
      repos: env.server().repos,
      chain: bsc.payouts,
      owner: 'payouts-1',
      confirmations: DEPTH,
      ...bsc.payoutGas,
      leaseMs: 1,
      log: { warn: () => {} },
    });
  };
  const withdrawalOf = async (id: string) => {
    const [row] = rowsOf<{ status: string; tx_hash: string | null }>(
      await env.server().database.db.execute(sql`SELECT status, tx_hash FROM withdrawals WHERE id = ${id}::bigint`),
    );
    return row;
  };
  return { rpc, finalize, set, scanBoth, balancedReport, sweepRows, sweepSolana, payouts, withdrawalOf };
}
