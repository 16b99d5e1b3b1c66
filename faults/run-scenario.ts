import fs from 'node:fs';
import path from 'node:path';
import type { FaultEvent, Scenario, ScenarioContext } from './scenarios/scenario.ts';
import { pause, seeded } from './scenarios/scenario.ts';
import type { Stack } from './stack/types.ts';
import { summarize } from './workload/summary.ts';
import type {
  Attempt,
  CheckInvariants,
  EndedProcess,
  LoggedRequest,
  StartWorkload,
  Violation,
  WorkloadLog,
} from './workload/types.ts';
import { DEV_OPERATOR_TOKEN } from './workload/workload.ts';

/** The workload and invariants (faults/workload, faults/invariants), as the runner calls them. */
export interface Harness {
  startWorkload: StartWorkload;
  checkInvariants: CheckInvariants;
  settle: (input: {
    databaseUrl: string;
    bscRpc: string;
    log: WorkloadLog;
    timeoutMs: number;
    api?: { baseUrl: string; operatorToken: string; requestSignSecret?: string };
  }) => Promise<{ settledReport?: { id: string } | { problem: string } }>;
}

export interface ScenarioRun {
  scenario: Scenario;
  seed: number;
  users: number;
  hotSpot: number;
  /** The workload's concurrent clients. */
  concurrency?: number;
  say?: (line: string) => void;
}

export interface ScenarioResult {
  name: string;
  seed: number;
  faults: (FaultEvent & { recoveredMs: number | null })[];
  acknowledged: number;
  requests: number;
  lost: number;
  doubled: number;
  /** 5xx answers users saw, by status (and whether a 503 carried Retry-After). */
  fiveXx: Record<string, number>;
  violations: Violation[];
  /** The violations the scenario causes by design (Scenario.expected), kept apart from the failures. */
  expectedViolations: Violation[];
  /** What kept the scenario from finishing (the harness's own failure), if anything. */
  error: string | null;
  ms: number;
}

/** How long the load may fail to move (no transfer acknowledged) before the scenario is judged stuck. */
const STUCK_MS = 120_000;

/**
 * One scenario: the workload runs, the scenario injects its faults, the runner waits until a transfer succeeds after
 * the last fault, stops the workload, lets the platform settle (confirmations, payouts) and checks every invariant.
 */
export async function runScenario(stack: Stack, harness: Harness, run: ScenarioRun): Promise<ScenarioResult> {
  const say = run.say ?? (() => undefined);
  const started = Date.now();
  const transfersOk: Attempt[] = [];
  const onAttempt = (attempt: Attempt, request: LoggedRequest) => {
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    if (ok && request.kind === 'transfer' && !attempt.replay) transfersOk.push(attempt);
  };
  const target = {
    baseUrl: stack.proxyUrl,
    databaseUrl: stack.databaseUrlForChecks(),
    bscRpc: stack.chains.bscRpc,
    ...(stack.settings.OPERATOR_TOKEN ? { operatorToken: stack.settings.OPERATOR_TOKEN } : {}),
    ...(stack.settings.REQUEST_SIGN_SECRET ? { requestSignSecret: stack.settings.REQUEST_SIGN_SECRET } : {}),
  };
  const workload = await harness
    .startWorkload(target, {
      seed: run.seed,
      users: run.users,
      hotSpot: run.hotSpot,
      concurrency: run.concurrency ?? 8,
      onAttempt,
    })
    .catch((e: unknown) => `${e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : e}`);
  // A workload that could not be set up fails this scenario, not the whole run: the next one gets the stack.
  if (typeof workload === 'string') return notRun(run, `the workload's set-up: ${workload}`, started);
  const since = (t: number) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
  say(`  workload set up in ${since(started)}`);
  const faults: FaultEvent[] = [];
  const ended: EndedProcess[] = [];
  const acknowledgedAfter = async (since: number, n: number) => {
    const deadline = Date.now() + STUCK_MS;
    while (transfersOk.filter((a) => a.at >= since).length < n) {
      if (Date.now() > deadline) throw new Error(`no ${n} transfers acknowledged in ${STUCK_MS / 1000} s`);
      await pause(100);
    }
  };
  const ctx: ScenarioContext = {
    stack,
    random: seeded(run.seed),
    ended,
    say,
    acknowledged: (n) => acknowledgedAfter(Date.now(), n),
    fault: async (kind, detail, strike, lift) => {
      const event = { kind, detail, at: Date.now(), liftedAt: 0 };
      say(`  fault ${kind}: ${detail}`);
      faults.push(event); // counted even when lifting it fails
      await strike();
      await lift();
      event.liftedAt = Date.now();
      return event;
    },
  };
  let error: string | null = null;
  let log: WorkloadLog = workload.log;
  try {
    await run.scenario.run(ctx);
    // Recovered: transfers acknowledged again after the last fault was lifted.
    await acknowledgedAfter(faults.at(-1)?.liftedAt ?? Date.now(), 5);
  } catch (e) {
    error = `${e instanceof Error ? e.message : e}`;
  }
  say(`  faults injected and recovered at ${since(started)}`);
  try {
    log = await workload.stop();
  } catch (e) {
    error = `${error ?? ''}${error ? '; ' : ''}the workload: ${e instanceof Error ? e.message : e}`;
  }
  say(`  workload stopped at ${since(started)}: ${kindsLine(log)}`);
  const databaseUrl = stack.databaseUrlForChecks();
  // A check that could not run (the node dropped the harness's own request) fails this scenario, not the whole run.
  let found: Violation[] = [];
  try {
    const api = {
      baseUrl: stack.proxyUrl,
      operatorToken: stack.settings.OPERATOR_TOKEN ?? DEV_OPERATOR_TOKEN,
      ...(stack.settings.REQUEST_SIGN_SECRET ? { requestSignSecret: stack.settings.REQUEST_SIGN_SECRET } : {}),
    };
    const settled = await harness.settle({ databaseUrl, bscRpc: stack.chains.bscRpc, log, timeoutMs: 90_000, api });
    const { settledReport, ...pending } = settled;
    say(`  settled at ${since(started)}: ${JSON.stringify(pending)}`);
    found = await harness.checkInvariants({
      databaseUrl,
      bscRpc: stack.chains.bscRpc,
      log,
      ended,
      settledReport: settledReport ?? { problem: 'the settle step made no report' },
    });
    say(`  checked at ${since(started)}`);
  } catch (e) {
    error = `${error ?? ''}${error ? '; ' : ''}the checks: ${e instanceof Error ? `${e.message} (${String(e.cause ?? '')})` : e}`;
  }
  keepWorkloadLog(run.scenario.name, log);
  const expected = run.scenario.expected ?? (() => false);
  const violations = found.filter((v) => !expected(v));
  return {
    name: run.scenario.name,
    seed: run.seed,
    faults: faults.map((f) => ({ ...f, recoveredMs: recovery(f, transfersOk) })),
    ...outcomes(log, violations),
    violations,
    expectedViolations: found.filter(expected),
    error,
    ms: Date.now() - started,
  };
}

/** A scenario that never ran its faults: its error, nothing counted. */
function notRun(run: ScenarioRun, error: string, started: number): ScenarioResult {
  const none = { acknowledged: 0, requests: 0, lost: 0, doubled: 0, fiveXx: {} };
  return {
    name: run.scenario.name,
    seed: run.seed,
    faults: [],
    ...none,
    violations: [],
    expectedViolations: [],
    error,
    ms: Date.now() - started,
  };
}

/** Per kind: acknowledged of asked; and the miner orders paid on chain (their transfers sent). */
/**
 * FAULT_LOGS=<folder> keeps the workload's log there too (every request and attempt, its answers), beside the
 * processes' output: a violation names a request by its seq, this tells what each attempt of it was answered.
 */
function keepWorkloadLog(scenario: string, log: WorkloadLog) {
  const folder = process.env.FAULT_LOGS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, `workload-${scenario}.json`),
    JSON.stringify(log, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
  );
}

function kindsLine(log: WorkloadLog): string {
  // A kind not wholly acknowledged names its refusals by status/code and its unanswered requests, to look into.
  const kinds = Object.entries(summarize(log).kinds).map(([kind, k]) => {
    if (!k || k.ok === k.requests) return `${kind} ${k?.ok}/${k?.requests}`;
    const why = [...Object.entries(k.refused).map(([code, n]) => `refused ${code} ×${n}`)];
    if (k.unknown > 0) why.push(`unanswered ×${k.unknown}`);
    return `${kind} ${k.ok}/${k.requests} (${why.join(', ')})`;
  });
  const orders = log.minerOrders ?? [];
  const payments = orders.reduce((n, o) => n + o.payments.length, 0);
  return `${kinds.join(', ')}; ${orders.length} miner orders, ${payments} payments sent on chain`;
}

/** From the fault to the end of the first transfer begun after it and acknowledged; null: none was. */
function recovery(fault: FaultEvent, transfersOk: readonly Attempt[]): number | null {
  const first = transfersOk.filter((a) => a.at >= fault.at).sort((a, b) => a.endedAt - b.endedAt)[0];
  return first ? first.endedAt - fault.at : null;
}

/** Requests, acknowledged (2xx), lost and doubled (from the acknowledged-once invariant), 5xx by status. */
function outcomes(log: WorkloadLog, violations: readonly Violation[]) {
  let acknowledged = 0;
  const fiveXx: Record<string, number> = {};
  for (const request of log.requests) {
    if (request.attempts.some((a) => !a.replay && a.status !== null && a.status >= 200 && a.status < 300))
      acknowledged++;
    for (const a of request.attempts) {
      if (a.status === null || a.status < 500) continue;
      const kind = `${a.status}${a.status === 503 ? (a.retryAfter ? ' with Retry-After' : ' without Retry-After') : ''}`;
      fiveXx[kind] = (fiveXx[kind] ?? 0) + 1;
    }
  }
  const booked = violations
    .filter((v) => v.invariant === 'acknowledged-once' && v.message.includes(' acknowledged,'))
    .map((v) => (Array.isArray(v.detail.movements) ? v.detail.movements.length : -1));
  return {
    requests: log.requests.length,
    acknowledged,
    lost: booked.filter((n) => n === 0).length,
    doubled: booked.filter((n) => n > 1).length,
    fiveXx,
  };
}
