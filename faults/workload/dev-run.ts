// A one-instance rehearsal of the workload and the invariants, for developing them before the stack is up:
// `node --import tsx faults/workload/dev-run.ts [seconds] [users]` starts `npm start` (src/main.ts, its own dev
// chains) on a fresh PostgreSQL database copied from the API suite's template, runs the workload, waits for the
// deposits' confirmations, checks every invariant and prints the figures. PostgreSQL at TEST_DATABASE_URL's server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensurePostgresTemplate } from '../../apps/server/test/database-template.ts';
import { runMain } from '../../apps/server/test/main-process.ts';
import { checkInvariants } from '../invariants/index.ts';
import { settleAfterWorkload } from '../invariants/settle.ts';
import { summarize } from './summary.ts';
import { startWorkload } from './workload.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.argv[2] ?? 20);
const users = Number(process.argv[3] ?? 1000);
const seed = Number(process.env.SEED ?? Date.now() % 1_000_000);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const name = `aidf_workload_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${name} TEMPLATE ${await ensurePostgresTemplate(adminUrl)}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
// The database goes whatever happens, also when main never starts.
const main = await runMain({ DATABASE_URL: databaseUrl, CHAIN_POLL_MS: '500', LOG_LEVEL: 'warn' }).catch(
  async (error) => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  },
);
try {
  if (main.state !== 'running') throw new Error(`main did not start:\n${main.stdout()}\n${main.stderr()}`);
  // main prints its banner after the address line: wait for the chain's.
  const chainLine = () => /BNB Smart Chain: (http:\/\/\S+)/.exec(main.stdout())?.[1];
  for (let i = 0; i < 100 && !chainLine(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const bscRpc = chainLine();
  if (!bscRpc) throw new Error(`no chain in:\n${main.stdout()}`);
  console.log(`seed ${seed}: ${users} users, ${seconds} s against ${main.baseUrl}`);
  const setupStarted = performance.now();
  const workload = await startWorkload({ baseUrl: main.baseUrl, databaseUrl, bscRpc }, { seed, users, hotSpot: 20 });
  console.log(`set up in ${Math.round(performance.now() - setupStarted)} ms`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const log = await workload.stop();
  const settled = await settleAfterWorkload({ databaseUrl, bscRpc, log, timeoutMs: 60_000 });
  console.log(settled);
  const violations = await checkInvariants({ databaseUrl, bscRpc, log });
  console.log(JSON.stringify(summarize(log)));
  console.log(violations.length === 0 ? 'invariants: all hold' : JSON.stringify(violations.slice(0, 10), null, 2));
  process.exitCode = violations.length === 0 ? 0 : 1;
} finally {
  await main.stop();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
