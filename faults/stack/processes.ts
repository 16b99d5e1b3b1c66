import { type ChildProcess, execFile, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/** A free TCP port on 127.0.0.1 (the kernel's pick, released at once for the caller to bind). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts something on a free port, and on another when the port was taken between the pick and the bind (the
 * kernel may give it to any process's outgoing connection meanwhile: a race seen once as EADDRINUSE).
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= tries || !portWasTaken(error)) throw error;
    }
  }
}

/** Node's EADDRINUSE, nginx's and PgBouncer's "Address already in use", PostgreSQL's "could not bind". */
export const portWasTaken = (error: unknown) =>
  /EADDRINUSE|address already in use|could not bind/i.test(error instanceof Error ? error.message : String(error));

/** Resolves once something accepts TCP connections on 127.0.0.1:port; fails after `ms`. */
export async function waitForPort(port: number, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * PostgreSQL's server binaries and PgBouncer refuse to run as root: as root they run as the `postgres` user
 * Debian's package creates (the folders they use are given to it); as anyone else, as that user.
 */
export const serviceUser: { uid: number; gid: number } | null = (() => {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
})();

/** Runs a command as the service user to its end; its output in the error when it fails. */
export function runAsService(file: string, args: string[], options: { cwd?: string } = {}): string {
  try {
    return execFileSync(file, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(serviceUser ?? {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      env: { PATH: process.env.PATH ?? '', LANG: 'C', HOME: '/tmp' },
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** runAsService without blocking this process: the stack's other parts start meanwhile. */
export async function runAsServiceAsync(file: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(file, args, {
      encoding: 'utf8',
      ...(serviceUser ?? {}),
      env: { PATH: process.env.PATH ?? '', LANG: 'C', HOME: '/tmp' },
    });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** Resolves once `port` accepts connections; fails at once when `child` exits first (its output in the error). */
export async function waitForListener(port: number, child: ChildProcess, output: () => string, ms = 30_000) {
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`exited (${code}) before listening on ${port}:\n${output()}`))),
  );
  try {
    await Promise.race([waitForPort(port, ms), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error instanceof Error ? error.message : error}\n${output()}`);
  }
}

/** Starts a long-running command as the service user, its output kept (the last 20,000 characters). */
export function spawnAsService(file: string, args: string[], options: SpawnOptions = {}) {
  return spawnLogged(file, args, { ...(serviceUser ?? {}), ...options });
}

/** Starts a long-running command as this process's user, its output kept (the last 20,000 characters). */
export function spawnLogged(file: string, args: string[], options: SpawnOptions = {}) {
  const child: ChildProcess = spawn(file, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', LANG: 'C', HOME: '/tmp' },
    ...options,
  });
  let output = '';
  // FAULT_LOGS=<folder> keeps each process's whole output there too (named by program and pid), to read after a run.
  const logFile = process.env.FAULT_LOGS
    ? path.join(
        process.env.FAULT_LOGS,
        `${path.basename(args.find((a) => a.endsWith('.js')) ?? file)}-${child.pid}.log`,
      )
    : null;
  // The folder is made here, not left to the caller: a write that throws inside a stream's 'data' handler ends the
  // harness at once, leaving its PostgreSQL, PgBouncer and chains running with nobody to stop them.
  if (process.env.FAULT_LOGS) fs.mkdirSync(process.env.FAULT_LOGS, { recursive: true });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (logFile) fs.appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}
