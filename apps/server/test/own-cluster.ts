import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's PostgreSQL server binaries (docs/testing.md): the same major version as the machine's own server. */
const BIN = '/usr/lib/postgresql/15/bin';

/** A free loopback port, asked of the kernel. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface OwnCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** 'fast' ends sessions cleanly; 'immediate' is a crash (recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops it and removes its folder. */
  remove(): void;
}

/**
 * A PostgreSQL cluster of a test's own (initdb in a temporary folder, a free loopback port), for tests that stop and
 * start the database under a running server: the machine's shared server is never stopped. initdb refuses root, so
 * as root the binaries run as the `postgres` system user, which then owns the folder.
 */
export async function startOwnCluster(): Promise<OwnCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-cluster-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(BIN, bin), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: () => {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
