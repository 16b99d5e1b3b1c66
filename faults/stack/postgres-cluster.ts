import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  onFreePort,
  runAsService,
  runAsServiceAsync,
  serviceUser,
  spawnAsService,
  waitForListener,
  waitForPort,
} from './processes.ts';
import type { PgCluster, PgNode } from './types.ts';

/** Debian's PostgreSQL server binaries (the `postgresql` package); PGBIN overrides. */
const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';
const bin = (name: string) => path.join(PGBIN, name);
/** The name the replica streams under: the primary waits for it on every commit (synchronous replication). */
const STANDBY_NAME = 'replica';
export const DATABASE = 'aidf';

/**
 * Settings of the harness's cluster: small, fast to start, and replicating. `fsync` is off because the harness
 * kills PostgreSQL, never the machine: the operating system keeps what was written, so an immediate shutdown still
 * tests crash recovery. Synchronous replication (set once the replica streams) makes every acknowledged commit
 * present on the replica, so a failover loses nothing acknowledged.
 */
const SETTINGS = (port: number, socketDir: string) => `
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${socketDir}'
max_connections = 200
shared_buffers = 64MB
fsync = off
full_page_writes = off
wal_level = replica
max_wal_senders = 5
wal_keep_size = 256MB
hot_standby = on
logging_collector = off
log_min_messages = warning
`;

interface Node extends PgNode {
  log: string;
  up: boolean;
}

/**
 * The harness's own PostgreSQL (never the machine's 5432): a primary initdb'd in a temporary folder, a streaming
 * replica made with pg_basebackup -R, and PgBouncer in front (session pooling) that the instances connect to. A
 * failover is what docs/deployment.md "Database failover" tells operators: promote the replica, point PgBouncer's
 * [databases] at it and RELOAD; the instances keep their one DATABASE_URL.
 */
export async function startPgCluster({ replica = true } = {}): Promise<PgCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-faults-pg-'));
  if (serviceUser) fs.chownSync(root, serviceUser.uid, serviceUser.gid);
  let serial = 0;
  let primary = await initPrimary(root);
  let standby: Node | null = replica ? await addStandby(root, primary, `replica-${serial++}`) : null;
  if (standby) await makeSynchronous(primary);
  const bouncer = await startBouncer(root, primary.port);

  const stopNode = (node: Node, mode: 'fast' | 'immediate') => {
    if (!node.up) return;
    runAsService(bin('pg_ctl'), ['-D', node.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    node.up = false;
  };
  const startNode = async (node: Node) => {
    runAsService(bin('pg_ctl'), ['-D', node.dataDir, '-l', node.log, '-w', '-t', '120', 'start']);
    node.up = true;
    await waitForPort(node.port);
  };

  return {
    frontUrl: (database = DATABASE) => `postgres://postgres@127.0.0.1:${bouncer.port}/${database}`,
    primaryUrl: (database = DATABASE) => `postgres://postgres@127.0.0.1:${primary.port}/${database}`,
    primary: () => primary,
    replica: () => standby,
    restart: async (mode) => {
      stopNode(primary, mode);
      await startNode(primary);
    },
    stopPrimary: async (mode) => stopNode(primary, mode),
    startPrimary: () => startNode(primary),
    terminateBackends: async (database) => {
      const out = psql(
        primary.port,
        'postgres',
        `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
         WHERE datname = '${database}' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      return Number(out.trim());
    },
    failover: async () => {
      if (!standby) throw new Error('no replica to fail over to');
      const started = performance.now();
      stopNode(primary, 'immediate');
      const promoted = standby;
      runAsService(bin('pg_ctl'), ['-D', promoted.dataDir, '-w', '-t', '60', 'promote']);
      // The promoted server inherited the old primary's wait for a standby: it has none yet.
      psql(promoted.port, 'postgres', 'ALTER SYSTEM RESET synchronous_standby_names', 'SELECT pg_reload_conf()');
      bouncer.pointAt(promoted.port);
      const switchMs = Math.round(performance.now() - started);
      primary = { ...promoted, name: 'primary' };
      // A new replica from the new primary, so the next failover has one (the old primary's folder is dropped).
      standby = await addStandby(root, primary, `replica-${serial++}`);
      await makeSynchronous(primary);
      return { switchMs };
    },
    stop: async () => {
      bouncer.stop();
      for (const node of [standby, primary]) if (node) stopNode(node, 'immediate');
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Runs each statement on its own (ALTER SYSTEM refuses a transaction block); answers the last one's output. */
function psql(port: number, database: string, ...statements: string[]): string {
  const commands = statements.flatMap((sql) => ['-c', sql]);
  return runAsService(bin('psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    database,
    '-Atq',
    ...commands,
  ]);
}

async function initPrimary(root: string): Promise<Node> {
  const dataDir = path.join(root, 'primary');
  await runAsServiceAsync(bin('initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const conf = path.join(dataDir, 'postgresql.conf');
  const initial = fs.readFileSync(conf, 'utf8');
  const log = path.join(root, 'primary.log');
  const port = await onFreePort(async (port) => {
    fs.writeFileSync(conf, `${initial}${SETTINGS(port, root)}`);
    await startServer(dataDir, log);
    return port;
  });
  const node: Node = { name: 'primary', port, dataDir, log, up: true, running };
  function running() {
    return node.up;
  }
  psql(port, 'postgres', `CREATE DATABASE ${DATABASE}`);
  return node;
}

/** pg_ctl start, waiting until it accepts connections; a failure says why from the server's own log. */
async function startServer(dataDir: string, log: string) {
  try {
    await runAsServiceAsync(bin('pg_ctl'), ['-D', dataDir, '-l', log, '-w', '-t', '120', 'start']);
  } catch (error) {
    const said = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-3000) : '';
    throw new Error(`${error instanceof Error ? error.message : error}\n${said}`);
  }
}

/** A streaming replica of `primary` (pg_basebackup -R), started and streaming under the standby name. */
async function addStandby(root: string, primary: Node, folder: string): Promise<Node> {
  const dataDir = path.join(root, folder);
  await runAsServiceAsync(bin('pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const conf = path.join(dataDir, 'postgresql.auto.conf');
  const initial = fs.readFileSync(conf, 'utf8');
  const log = path.join(root, `${folder}.log`);
  const port = await onFreePort(async (port) => {
    fs.writeFileSync(
      conf,
      `${initial}port = ${port}\nprimary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=${STANDBY_NAME}'\n`,
    );
    await startServer(dataDir, log);
    return port;
  });
  const node: Node = { name: 'replica', port, dataDir, log, up: true, running };
  function running() {
    return node.up;
  }
  await waitFor(
    () =>
      psql(primary.port, 'postgres', `SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'`).trim() !==
      '0',
  );
  return node;
}

async function makeSynchronous(primary: Node) {
  psql(
    primary.port,
    'postgres',
    `ALTER SYSTEM SET synchronous_standby_names = '${STANDBY_NAME}'`,
    'SELECT pg_reload_conf()',
  );
}

async function waitFor(done: () => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the replica did not start streaming');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * PgBouncer (Debian's `pgbouncer`) in session pooling, so the app's sessions (advisory locks, transactions) behave
 * as on a direct connection. pointAt rewrites [databases] and RELOADs: PgBouncer closes its connections to the old
 * server and opens new ones to the new one; clients keep the one address.
 */
async function startBouncer(root: string, serverPort: number) {
  const dir = path.join(root, 'pgbouncer');
  fs.mkdirSync(dir);
  const ini = path.join(dir, 'pgbouncer.ini');
  let port = 0;
  const write = (target: number) => fs.writeFileSync(ini, bouncerIni(dir, port, target));
  fs.writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  const child = await onFreePort(async (free) => {
    port = free;
    write(serverPort);
    if (serviceUser)
      for (const f of [dir, ini, path.join(dir, 'userlist.txt')]) fs.chownSync(f, serviceUser.uid, serviceUser.gid);
    const { child, output } = spawnAsService('pgbouncer', [ini]);
    await waitForListener(port, child, output);
    return child;
  });
  return {
    port,
    pointAt: (target: number) => {
      write(target);
      psql(port, 'pgbouncer', 'RELOAD');
    },
    stop: () => child.kill('SIGTERM'),
  };
}

const bouncerIni = (dir: string, port: number, target: number) => `[databases]
* = host=127.0.0.1 port=${target}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir = ${dir}
auth_type = trust
auth_file = ${dir}/userlist.txt
admin_users = postgres
pool_mode = session
max_client_conn = 1000
default_pool_size = 150
ignore_startup_parameters = extra_float_digits,options
server_login_retry = 1
server_connect_timeout = 5
query_wait_timeout = 30
`;
