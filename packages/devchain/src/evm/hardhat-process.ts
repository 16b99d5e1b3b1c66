import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

export interface HardhatNodeOptions {
  port: number; // 0: let the OS pick
  blockIntervalMs: number; // 0: automine only
  logFile: string | undefined;
  /** How long the node may take to answer eth_chainId (default 30 s); a harness on a loaded machine waits longer. */
  startTimeoutMs?: number | undefined;
}

export interface HardhatNode {
  rpcUrl: string;
  stop(): Promise<void>;
}

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
// Run Hardhat's entry script with our own node binary: no shell or `env node` shim in between,
// so the pid we hold is the node process itself and killing it leaves nothing behind.
const hardhatBin = createRequire(join(packageDir, 'package.json')).resolve('hardhat/internal/cli/bootstrap.js');
const configFile = join(packageDir, 'hardhat.config.cjs');

const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const TAIL_LINES = 40;
// Printed by `hardhat node` once it is listening; with --port 0 it is the only way to learn the port.
const LISTENING = /Started HTTP and WebSocket JSON-RPC server at (http:\/\/127\.0\.0\.1:\d+)\//;

/** Starts `hardhat node` on 127.0.0.1 and resolves once it answers eth_chainId. */
export async function startHardhatNode(options: HardhatNodeOptions): Promise<HardhatNode> {
  const child = spawn(
    process.execPath,
    [hardhatBin, 'node', '--hostname', '127.0.0.1', '--port', String(options.port), '--config', configFile],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        // Hardhat asks for telemetry consent whenever its stdout is a terminal; it must never wait for an answer.
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        DEVCHAIN_BLOCK_INTERVAL_MS: String(options.blockIntervalMs),
        DEVCHAIN_EXIT_WITH_PARENT: 'true',
      },
      // stdin is a pipe that hardhat.config.cjs watches: it closes when this process dies in any way.
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The 'exit' event only runs synchronous code, which is all kill() needs.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const log = new OutputLog(child, options.logFile);
  const kill = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    await log.close();
  };
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= kill();
    return stopped;
  };

  try {
    const rpcUrl = await waitUntilReady(child, log, options.startTimeoutMs ?? START_TIMEOUT_MS);
    return { rpcUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitUntilReady(child: ChildProcess, log: OutputLog, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const fail = (reason: string) => new Error(`hardhat node ${reason}. Last output:\n${log.tail() || '(none)'}`);

  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw fail(`exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    const rpcUrl = log.rpcUrl();
    if (rpcUrl && (await answersChainId(rpcUrl))) return rpcUrl;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw fail(`did not answer eth_chainId within ${timeoutMs / 1000} s`);
}

async function answersChainId(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === 'string';
  } catch {
    return false;
  }
}

/**
 * Drains the child's stdout/stderr (Hardhat logs every RPC call; an undrained pipe would stall it),
 * copies them to the optional log file and keeps the last lines for start-up error messages.
 */
class OutputLog {
  private readonly lines: string[] = [];
  private partial = '';
  private listeningUrl: string | undefined;
  private readonly file: WriteStream | undefined;

  constructor(child: ChildProcess, logFile: string | undefined) {
    this.file = logFile ? createWriteStream(logFile) : undefined;
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.append(chunk));
    }
  }

  rpcUrl(): string | undefined {
    return this.listeningUrl;
  }

  tail(): string {
    return [...this.lines, this.partial].filter(Boolean).join('\n');
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.file ? this.file.end(resolve) : resolve()));
  }

  private append(colored: string): void {
    // Hardhat's request log colours method names regardless of NO_COLOR; keep the file and errors plain.
    const chunk = stripVTControlCharacters(colored);
    this.file?.write(chunk);
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      this.listeningUrl ??= LISTENING.exec(line)?.[1];
      this.lines.push(line);
    }
    if (this.lines.length > TAIL_LINES) this.lines.splice(0, this.lines.length - TAIL_LINES);
  }
}
