import os from 'node:os';
import { pgbenchCeiling } from './pgbench-ceiling.ts';
import { transferThroughput } from './transfer-throughput.ts';

const CLIENTS = 64;
const USERS = 1000;
const HOT_USERS = 20;
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 4000);
const CEILING_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const CEILING_SHARE = 0.7;

type Result = Awaited<ReturnType<typeof transferThroughput>>;

const cpu = (ms: number | null) => (ms === null ? 'in Node' : `${ms.toFixed(2)} ms`);

function line(label: string, r: Result) {
  const refused = Object.entries(r.statuses)
    .filter(([status]) => status !== '200')
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');
  console.log(
    `  ${label.padEnd(22)} ${r.perSecond.toFixed(0).padStart(6)} transfers/s   Node ${cpu(r.nodeCpuMs)}   PostgreSQL ${cpu(r.postgresCpuMs)}   clients ${cpu(r.clientCpuMs)}   ${r.statementsPerTransfer === null ? '' : `${r.statementsPerTransfer.toFixed(1)} statements per transfer   `}${refused || 'none refused'}   books ${r.booksBalance ? 'balance' : 'DO NOT BALANCE'}`,
  );
}

/**
 * Internal transfers over HTTP, 64 clients over 1,000 users, against PostgreSQL's own ceiling for a
 * transfer-shaped one-statement transaction measured by pgbench in the same run (same server, clients and
 * accounts), and once more among 20 users, the hot spot where locks collide. Answers the budgets missed: the
 * ratio to the ceiling under CEILING_SHARE, a transfer refused, or books that do not balance.
 */
export async function printTransfers(
  postgresUrl: string | undefined,
  apiDatabase: string,
  withPglite = true,
  apiProcesses: readonly number[] = [],
): Promise<string[]> {
  const misses: string[] = [];
  console.log(`\nInternal transfers, ${CLIENTS} concurrent clients (load average ${os.loadavg()[0]?.toFixed(1)})`);
  for (const url of withPglite ? [undefined, postgresUrl] : [postgresUrl]) {
    if (url === undefined && postgresUrl === undefined && apiDatabase !== 'pglite') break;
    const ceiling = url
      ? await pgbenchCeiling(url, { clients: CLIENTS, accounts: USERS, seconds: CEILING_SECONDS })
      : null;
    const spread = await transferThroughput(url, { users: USERS, transfers: TRANSFERS });
    const hot = await transferThroughput(url, { users: HOT_USERS, transfers: TRANSFERS / 2 });
    console.log(` ${spread.database}`);
    if (ceiling) {
      console.log(
        `  pgbench, one statement ${ceiling.perSecond.toFixed(0).padStart(6)} transfers/s   PostgreSQL ${cpu(ceiling.postgresCpuMs)} per transfer`,
      );
    }
    line(`API, ${USERS} users`, spread);
    line(`API, ${HOT_USERS} users (hot spot)`, hot);
    for (const [label, r] of [[`${USERS} users`, spread] as const, [`${HOT_USERS} users`, hot] as const]) {
      const refused = Object.entries(r.statuses).filter(([status]) => status !== '200');
      if (refused.length > 0)
        misses.push(`transfers on ${r.database}, ${label}: ${JSON.stringify(r.statuses)} answered`);
      if (!r.booksBalance) misses.push(`transfers on ${r.database}, ${label}: the books do not balance`);
    }
    if (ceiling) {
      const share = spread.perSecond / ceiling.perSecond;
      console.log(`  ratio to pgbench:      ${(share * 100).toFixed(0)} % (budget ${CEILING_SHARE * 100} %)`);
      if (share < CEILING_SHARE) {
        misses.push(
          `transfers on postgres: ${(share * 100).toFixed(0)} % of pgbench's one-statement ceiling < ${CEILING_SHARE * 100} %`,
        );
      }
    }
    // K API processes (ROLES=api) on the one PostgreSQL, the clients round-robin over their ports.
    for (const processes of url ? apiProcesses : []) {
      const separate = await transferThroughput(url, { users: USERS, transfers: TRANSFERS, processes });
      line(`${processes} API process${processes > 1 ? 'es' : ''}, ${USERS} users`, separate);
      if (ceiling) {
        console.log(
          `  ratio to pgbench:      ${((separate.perSecond / ceiling.perSecond) * 100).toFixed(0)} % with ${processes} API process${processes > 1 ? 'es' : ''}`,
        );
      }
    }
    if (!postgresUrl) {
      console.log('  postgres  skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL to measure it');
      break;
    }
  }
  return misses;
}
