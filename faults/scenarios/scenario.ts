import pg from 'pg';
import type { Instance, Stack } from '../stack/types.ts';
import type { EndedProcess, Violation } from '../workload/types.ts';

/** One fault as it happened: its kind (the figures group by it), when it struck, and when it was lifted. */
export interface FaultEvent {
  kind: string;
  detail: string;
  at: number;
  /** When the harness undid it (the process restarted, the database back): the fault's own length. */
  liftedAt: number;
}

export interface ScenarioContext {
  stack: Stack;
  random: Random;
  /** Records a fault: `strike` injects it, `lift` undoes it (restart, bring back); both awaited in turn. */
  fault(kind: string, detail: string, strike: () => Promise<void>, lift: () => Promise<void>): Promise<FaultEvent>;
  /** The processes the scenario stopped, for the lease invariant. */
  ended: EndedProcess[];
  /** Resolves once the workload has had `n` more transfers acknowledged (2xx): the load is really on. */
  acknowledged(n: number): Promise<void>;
  say(line: string): void;
}

/** A fault scenario: what it injects while the workload runs. */
export interface Scenario {
  name: string;
  /** One line: the fault and what it proves. */
  about: string;
  run(ctx: ScenarioContext): Promise<void>;
  /**
   * The violations this fault must cause by design (a reorganisation deeper than the confirmations leaves credits
   * an operator corrects): reported apart, never counted as a failure. Every other violation is one.
   */
  expected?: (violation: Violation) => boolean;
}

export interface Random {
  next(): number;
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere (FAULT_SEED replays a run). */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('nothing to pick from');
      return item;
    },
  };
}

/** Kills `instance` with `signal`, records it as ended (for the lease invariant) and starts it again. */
export function killAndRestart(ctx: ScenarioContext, instance: Instance, signal: 'SIGKILL' | 'SIGTERM', kind: string) {
  return ctx.fault(
    kind,
    `${signal} ${instance.name} (pid ${instance.pid()})`,
    async () => {
      const pid = instance.pid();
      await instance.kill(signal);
      if (pid) ctx.ended.push({ pid, at: Date.now(), graceful: signal === 'SIGTERM' });
    },
    () => instance.start(),
  );
}

/** The work leases held now: name → owner ('host:pid:random'). */
export async function leaseHolders(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; owner: string }>(
      'SELECT name, owner FROM worker_leases WHERE expires_at > now()',
    );
    return new Map(rows.map((row) => [row.name, Number(row.owner.split(':')[1])]));
  } finally {
    await client.end();
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
