import type { PayoutChain } from '../../../chain/evm/evm-payout-chain.ts';
import type { Repositories } from '../../../db/repositories/index.ts';
import type { WithdrawalRow, WithdrawalStatus } from '../../../db/repositories/withdrawals.ts';
import { errorSummary } from '../../chain/error-summary.ts';

export interface PayoutWorkerOptions {
  repos: Repositories;
  chain: PayoutChain;
  owner: string;
  /** Blocks on top of the payout's block before it counts as confirmed (BSC: 15). */
  confirmations: number;
  /** A sent payout without a receipt this many blocks after it was priced is signed again at a higher price. */
  bumpAfterBlocks: number;
  /** No payout is signed above this gas price (wei); PAYOUT_MAX_GAS_PRICE_GWEI. */
  maxGasPrice: bigint;
  /** A sent payout without a receipt after this long goes out again, the same bytes. */
  rebroadcastAfterMs?: number;
  /**
   * A payout waiting for funds this long keeps its turn: what it needs is kept back from later payouts, so it is
   * not starved by smaller ones (payout-funds.ts keepsItsTurn). Default one hour; 0: strictly in order.
   */
  awaitingReserveAfterMs?: number;
  /** Where the `withdrawal-awaiting-funds` alert goes (the process's logger). */
  log?: { warn: (fields: object, message: string) => void };
  leaseMs?: number;
  /**
   * Test seams where a real crash could happen: a hook that throws stops the tick there, like a killed
   * process, leaving the database as it was at that instant.
   */
  crashPoints?: {
    afterSigned?: (w: WithdrawalRow) => void;
    afterBroadcast?: (w: WithdrawalRow) => void;
    afterReplacementSigned?: (w: WithdrawalRow) => void;
  };
}

/** What every step works with: the worker's options (its repositories, the chain, its settings). */
export type PayoutContext = PayoutWorkerOptions;

/**
 * One step of the payout worker: the states (the withdrawal's status) it takes a payout from, and the ones it
 * may leave it in. A step that answers without writing leaves the payout where it was, for the next tick.
 */
export interface PayoutStep {
  from: readonly WithdrawalStatus[];
  to: readonly WithdrawalStatus[];
}

/** A test seam's simulated crash stops the whole tick, as a dying process would; nothing else does. */
export class PayoutCrash extends Error {}

/** What one tick did, counted for its answer; awaiting: started waiting this tick, waiting: still wait after it. */
export interface PayoutCounts {
  signed: number;
  sent: number;
  settled: number;
  held: number;
  bumped: number;
  awaiting: number;
  waiting: number;
}

/** The tick's counts and the payouts' own troubles (the operator sees the first as the worker's error). */
export interface TickReport {
  counts: PayoutCounts;
  problems: string[];
}

export function newTickReport(): TickReport {
  return { counts: { signed: 0, sent: 0, settled: 0, held: 0, bumped: 0, awaiting: 0, waiting: 0 }, problems: [] };
}

/** Runs one payout's step; its failure is noted and the others go on (a simulated crash still stops all). */
export async function isolated(report: TickReport, w: WithdrawalRow, step: () => Promise<void>) {
  try {
    await step();
  } catch (error) {
    if (error instanceof PayoutCrash) throw error;
    report.problems.push(`withdrawal ${w.id}: ${errorSummary(error)}`);
  }
}
