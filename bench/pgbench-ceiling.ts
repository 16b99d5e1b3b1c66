import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { databaseBackendsCpuSeconds } from './pg-backend-cpu.ts';

const run = promisify(execFile);

/**
 * One transfer as PostgreSQL alone runs it, in one statement: both balances moved in one UPDATE (rows locked in
 * the index's order, so no deadlock), refused when the payer's balance would go below zero, and an entry written.
 * What the API's transfer could cost at best on the same server, the same clients and the same accounts.
 */
const TRANSFER_SCRIPT = `\\set a random(1, :accounts)
\\set b 1 + (:a + random(0, :accounts - 2)) % :accounts
WITH moved AS (
  UPDATE account SET balance = balance + CASE WHEN id = :a THEN -1 ELSE 1 END
  WHERE id IN (:a, :b) AND (SELECT balance >= 1 FROM account WHERE id = :a)
  RETURNING id
)
INSERT INTO entry (payer, payee) SELECT :a, :b FROM moved LIMIT 1;
`;

function pgbenchBinary(): string {
  const packaged = '/usr/lib/postgresql/15/bin/pgbench';
  return fs.existsSync(packaged) ? packaged : 'pgbench';
}

/**
 * pgbench's transfers per second with `clients` connections over `accounts` accounts, in a scratch database
 * it creates on the server of `adminUrl` and drops, with the CPU its backends used per transfer.
 */
export async function pgbenchCeiling(
  adminUrl: string,
  options: { clients: number; accounts: number; seconds: number },
) {
  const name = `aidf_pgbench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  try {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(`CREATE TABLE account (id int PRIMARY KEY, balance numeric NOT NULL);
      CREATE TABLE entry (id bigserial PRIMARY KEY, payer int NOT NULL, payee int NOT NULL, at timestamptz DEFAULT now());
      INSERT INTO account SELECT g, 1000000 FROM generate_series(1, ${options.accounts}) g;`);
    await db.end();
    const script = path.join(folder, 'transfer.sql');
    fs.writeFileSync(script, TRANSFER_SCRIPT);
    const jobs = Math.min(options.clients, os.cpus().length);
    const args = ['-n', '-M', 'prepared', '-c', String(options.clients), '-j', String(jobs)];
    args.push('-T', String(options.seconds), '-D', `accounts=${options.accounts}`, '-f', script, url.toString());
    // The backends live for the whole run: sample their CPU once all clients are connected and again at the end.
    const output = run(pgbenchBinary(), args, { maxBuffer: 1 << 20 });
    let before = 0;
    let transactionsBefore = 0;
    const sampler = setTimeout(async () => {
      before = databaseBackendsCpuSeconds(name);
      transactionsBefore = await committedTransactions(adminUrl, name);
    }, 1000);
    let after = 0;
    let transactionsAfter = 0;
    const ender = setTimeout(
      async () => {
        after = databaseBackendsCpuSeconds(name);
        transactionsAfter = await committedTransactions(adminUrl, name);
      },
      options.seconds * 1000 - 500,
    );
    const { stdout } = await output;
    clearTimeout(sampler);
    clearTimeout(ender);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
    const sampled = transactionsAfter - transactionsBefore;
    return { perSecond: tps, postgresCpuMs: sampled > 0 ? ((after - before) * 1000) / sampled : Number.NaN };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Transactions committed in a database so far, from PostgreSQL's statistics (flushed about every second). */
async function committedTransactions(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [database]);
    return Number(rows[0]?.xact_commit ?? 0);
  } finally {
    await client.end();
  }
}
