import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildTransferSignText, DEV_REQUEST_SIGN_SECRET, requestSignature } from '@aidf/contract';
import { buildApp, createSession, creditUser, loadConfig, prepareDatabase, throwawayDatabase } from '@aidf/server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { profiled } from './cpu-profile.ts';
import { backendsCpuSince, databaseBackendsCpu } from './pg-backend-cpu.ts';
import { treeCpuSeconds } from './proc-cpu.ts';

const run = promisify(execFile);
const CLIENTS = 64;
const PATH = '/v1/cow/home/transfer';
const START_BALANCE = 1_000_000;
const AMOUNT = 1.5;

interface BenchUser {
  account: ReturnType<typeof privateKeyToAccount>;
  token: string;
  username: string;
}

type Seeded = Awaited<ReturnType<typeof prepareDatabase>>['repos'];

async function seedUsers(repos: Seeded, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i++) {
    const account = privateKeyToAccount(generatePrivateKey());
    const username = `bench${i}`;
    const id = await repos.users.insert({ username, walletAddress: account.address, chainCurrency: 'bnb' });
    await repos.boundAddresses.insert({ userId: id, currency: 'bnb', walletAddress: account.address });
    await creditUser(repos, {
      actor: { name: 'bench', role: 'admin', ip: null },
      username,
      currency: 'usdt',
      submode: '00',
      amount: String(START_BALANCE),
      reason: 'bench',
    });
    users.push({ account, token: await createSession(repos, id), username });
  }
  return users;
}

/** Signed beforehand (wallet signature and request signature), so the figures are the server's, not the client's. */
async function signedRequests(users: BenchUser[], transfers: number, baseUrls: string[]) {
  let clock = Date.now();
  const requests: { headers: Record<string, string>; body: string; url: string }[] = [];
  for (let i = 0; i < transfers; i++) {
    // Round-robin over the API processes; the signed text names the host it is sent to.
    const baseUrl = baseUrls[i % baseUrls.length] as string;
    const host = new URL(baseUrl).host;
    const from = users[i % users.length] as BenchUser;
    const to =
      users[(i * 7 + 3) % users.length] === from ? users[(i + 1) % users.length] : users[(i * 7 + 3) % users.length];
    const timestamp = ++clock;
    const transfer = { amount: String(AMOUNT), currency: 'usdt', username: to?.username ?? '' };
    const signContent = buildTransferSignText({ ...transfer, host, timestampMs: timestamp });
    const sign = await from.account.signMessage({ message: signContent });
    const body = JSON.stringify({ ...transfer, sign, signContent, timestamp });
    const ts = String(Date.now());
    const signature = requestSignature({ pathWithQuery: PATH, body, timestamp: ts, secret: DEV_REQUEST_SIGN_SECRET });
    requests.push({
      url: `${baseUrl}${PATH}`,
      body,
      headers: { authorization: from.token, 'content-type': 'application/json', timestamp: ts, signature },
    });
  }
  return requests;
}

/**
 * Internal transfers per second from 64 concurrent HTTP clients (a process of their own) among `users` users,
 * with the CPU each transfer cost the server's process (Node; PGlite runs inside it) and, on PostgreSQL, the
 * backends of the bench's database, and the statements the server sent per transfer (its background work included). Checks the books after: every user's balance is what the transfers that
 * answered 200 make it, and the sum is unchanged (no lost update, no money made or lost).
 */
export async function transferThroughput(
  adminUrl: string | undefined,
  options: { users: number; transfers: number; processes?: number },
) {
  const database = await throwawayDatabase(adminUrl);
  const { repos } = await prepareDatabase(database, { seedDemoData: false });
  const [current] = await database.withSession((s) => s.query<{ name: string }>('SELECT current_database() AS name'));
  const name = current?.name ?? '';
  // processes: K separate API processes (ROLES=api) on the same PostgreSQL; unset, the API runs in this process.
  const separate = adminUrl !== undefined && (options.processes ?? 0) > 0;
  const api = separate ? await apiProcesses(adminUrl, name, options.processes ?? 1) : await inProcessApi(database);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'transfer-bench-'));
  try {
    const users = await seedUsers(repos, options.users);
    const requests = await signedRequests(users, options.transfers, api.urls);
    const file = path.join(folder, 'requests.json');
    fs.writeFileSync(file, JSON.stringify({ url: `${api.urls[0]}${PATH}`, clients: CLIENTS, requests }));
    const clientScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'transfer-clients.mjs');
    const statementsBefore = database.statementsSent();
    const nodeBefore = api.cpuSeconds();
    const postgresBefore = databaseBackendsCpu(name);
    const load = () => run(process.execPath, [clientScript, file], { maxBuffer: 1 << 24 });
    const { stdout } = await (separate ? load() : profiled(load));
    const nodeSeconds = api.cpuSeconds() - nodeBefore;
    const statements = database.statementsSent() - statementsBefore;
    const postgresSeconds = database.kind === 'postgres' ? backendsCpuSince(name, postgresBefore) : null;
    const result = JSON.parse(stdout) as { seconds: number; statuses: Record<string, number>; cpuMs: number };
    const ok = result.statuses['200'] ?? 0;
    return {
      database: database.kind,
      processes: separate ? api.urls.length : 0,
      users: options.users,
      transfers: options.transfers,
      statuses: result.statuses,
      perSecond: options.transfers / result.seconds,
      nodeCpuMs: (nodeSeconds * 1000) / options.transfers,
      clientCpuMs: result.cpuMs / options.transfers,
      // Counted by this process's Database: the API's own statements only when the API runs here.
      statementsPerTransfer: separate ? null : statements / options.transfers,
      postgresCpuMs: postgresSeconds === null ? null : (postgresSeconds * 1000) / options.transfers,
      booksBalance: await booksBalance(database, options.users, ok),
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    await api.close();
    await database.close();
    await database.drop();
  }
}

/** The API in this process (PGlite runs inside it): its CPU is this process's. */
async function inProcessApi(database: Awaited<ReturnType<typeof throwawayDatabase>>) {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', DATA_DIR: ':memory:' }),
    database,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    urls: [url],
    cpuSeconds: () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1e6;
    },
    close: () => app.close(),
  };
}

/**
 * K API processes (bench/transfer-api-process.ts, ROLES=api) over the bench's database, each on its own loopback
 * port; the clients spread the requests over them round-robin. Their CPU is read from /proc.
 */
async function apiProcesses(adminUrl: string, database: string, count: number) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'transfer-api-process.ts');
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.dirname(script),
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    urls.push(await firstLineUrl(child));
  }
  return {
    urls,
    cpuSeconds: () => children.reduce((sum, child) => sum + treeCpuSeconds(child.pid ?? 0), 0),
    close: async () => {
      await Promise.all(
        children.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.stdin?.end();
          return exited;
        }),
      );
    },
  };
}

/** The url an API process prints once it listens. */
function firstLineUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before it listened`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n')[0];
      if (text.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
}

/** Whether the users' balances sum to what was credited and moved by exactly the transfers that answered 200. */
async function booksBalance(database: Awaited<ReturnType<typeof throwawayDatabase>>, users: number, ok: number) {
  const [row] = await database.withSession((s) =>
    s.query<{ total: string; moved: string }>(
      `SELECT (SELECT coalesce(sum(balance), 0) FROM accounts WHERE kind = 'user' AND currency = 'usdt')::text AS total,
              (SELECT count(*) FROM movements WHERE type = 'user-transfer-out')::text AS moved`,
    ),
  );
  return Number(row?.total) === users * START_BALANCE && Number(row?.moved) === ok;
}
