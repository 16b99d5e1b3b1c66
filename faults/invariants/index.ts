import type { CheckInvariants, InvariantName, Violation } from '../workload/types.ts';
import { acknowledgedOnce, no5xx, replayFirstAnswer } from './acknowledged.ts';
import { openCheckDb } from './db.ts';
import { depositCreditedOnce } from './deposits.ts';
import { jobDayOnce, leaseNotStale } from './jobs.ts';
import { ledgerCheck } from './ledger.ts';
import { minerOrderPaidOnce } from './miner-orders.ts';
import { reservesBalanced } from './reserves.ts';
import { withdrawalSettledOnce } from './withdrawals.ts';

/**
 * The invariants after a scenario, read straight from the current primary and the chain (never through the API
 * under test). Answers every violation found, each with what it takes to debug it; none means the scenario held.
 */
export const checkInvariants: CheckInvariants = async (input) => {
  const db = await openCheckDb(input.databaseUrl);
  const wanted = (name: InvariantName) => !input.only || input.only.includes(name);
  try {
    const checks: [InvariantName, () => Promise<Violation[]> | Violation[]][] = [
      ['ledger-check', () => ledgerCheck(db)],
      ['acknowledged-once', () => acknowledgedOnce(db, input.log)],
      ['replay-first-answer', () => replayFirstAnswer(input.log)],
      ['deposit-credited-once', () => depositCreditedOnce(db, input)],
      ['withdrawal-settled-once', () => withdrawalSettledOnce(db, input)],
      ['job-day-once', () => jobDayOnce(db, input)],
      ['lease-not-stale', () => leaseNotStale(db, input)],
      ['reserves-balanced', () => reservesBalanced(db, input)],
      ['miner-order-paid-once', () => minerOrderPaidOnce(db, input)],
      ['no-5xx', () => no5xx(input.log)],
    ];
    const found: Violation[] = [];
    for (const [name, check] of checks) if (wanted(name)) found.push(...(await check()));
    return found;
  } finally {
    await db.database.close();
  }
};
