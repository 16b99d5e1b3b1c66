import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import net from 'node:net';

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
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}
