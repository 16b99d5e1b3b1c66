import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type MainRun, runMain } from '../../apps/server/test/main-process.ts';
import { onFreePort } from './processes.ts';
import type { Instance, InstanceRole } from './types.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The production build of the server (apps/server/build.mjs, as `npm run build` makes it) under node_modules/.cache,
 * where the bundle's package imports resolve. `replace` ({ source path: its text }, paths relative to the repository
 * or absolute) swaps source files in the bundle: a mutant build, for a test proving an invariant catches a planted
 * bug. The honest build is kept by the hash of what goes into it (the server's and the contract's sources, the build
 * script, the lock file): a later run of the same sources starts from it instead of building again. Answers the
 * path of main.js; `remove` takes a mutant build away (the honest one stays for the next run).
 */
export async function buildServer({ replace = {} }: { replace?: Record<string, string> } = {}) {
  const absolute = Object.fromEntries(
    Object.entries(replace).map(([file, text]) => [path.resolve(repoRoot, file), text]),
  );
  for (const file of Object.keys(absolute))
    if (!fs.existsSync(file)) throw new Error(`no such source to replace: ${file}`);
  const mutant = Object.keys(absolute).length > 0;
  const cache = path.join(repoRoot, 'node_modules/.cache');
  const outdir = mutant
    ? path.join(cache, `aidf-faults-server-${crypto.randomBytes(6).toString('hex')}`)
    : path.join(cache, `aidf-faults-server-${sourcesHash()}`);
  const main = path.join(outdir, 'main.js');
  const remove = () => (mutant ? fs.rmSync(outdir, { recursive: true, force: true }) : undefined);
  if (!mutant && fs.existsSync(path.join(outdir, BUILT))) return { main, remove, reused: true };
  // Built beside, then renamed into place: a run that stops mid-build, or two runs building at once, leave no half.
  const building = `${outdir}.${crypto.randomBytes(4).toString('hex')}.part`;
  const args = [path.join(repoRoot, 'apps/server/build.mjs'), '--outdir', building];
  const replaceFile = `${building}.replace.json`;
  if (mutant) {
    fs.mkdirSync(path.dirname(replaceFile), { recursive: true });
    fs.writeFileSync(replaceFile, JSON.stringify(absolute));
    args.push('--replace', replaceFile);
  }
  try {
    await promisify(execFile)(process.execPath, args, { cwd: repoRoot });
    fs.writeFileSync(path.join(building, BUILT), '');
    if (!fs.existsSync(path.join(outdir, BUILT))) {
      fs.rmSync(outdir, { recursive: true, force: true });
      fs.renameSync(building, outdir);
    }
  } finally {
    fs.rmSync(replaceFile, { force: true });
    fs.rmSync(building, { recursive: true, force: true });
  }
  if (!mutant) removeOtherBuilds(cache, outdir);
  return { main, remove, reused: false };
}

/**
 * FAULT_LOGS=<folder> keeps each run's whole output there once it ended (killed, crashed or stopped with the stack),
 * named by instance and pid, as spawnLogged keeps the other processes': a 5xx's stack is in its instance's lines.
 */
function keepLog(name: string, run: MainRun) {
  const folder = process.env.FAULT_LOGS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${name}-${run.pid}.log`), `${run.stdout()}${run.stderr()}`);
}

/** Written last into a finished build: a folder without it is no build. */
const BUILT = '.built';

/** What goes into the server's bundle: its sources, the contract's (bundled in), the build script, the lock file. */
function sourcesHash(): string {
  const hash = crypto.createHash('sha256');
  const add = (file: string) => hash.update(path.relative(repoRoot, file)).update('\0').update(fs.readFileSync(file));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else add(full);
    }
  };
  walk(path.join(repoRoot, 'apps/server/src'));
  walk(path.join(repoRoot, 'packages/contract/src'));
  for (const file of ['apps/server/build.mjs', 'apps/server/package.json', 'package-lock.json'])
    add(path.join(repoRoot, file));
  return hash.digest('hex').slice(0, 16);
}

/** Honest builds of older sources: a day old, nobody runs them any more. */
function removeOtherBuilds(cache: string, keep: string) {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of fs.readdirSync(cache)) {
    const full = path.join(cache, name);
    if (!name.startsWith('aidf-faults-server-') || full === keep) continue;
    if (fs.statSync(full).mtimeMs < dayAgo) fs.rmSync(full, { recursive: true, force: true });
  }
}

export interface InstanceOptions {
  name: string;
  roles: InstanceRole;
  /** The bundle's main.js (buildServer). */
  bundle: string;
  /** The instance's settings (DATABASE_URL, chains, secrets); ROLES, HOST and PORT are the harness's. */
  env: Record<string, string>;
}

/**
 * One server process of the production build on a port of its own, kept across restarts so nginx's upstream
 * stays right. A kill waits until the process has exited; a start waits until it listens.
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  let port = 0;
  let run: MainRun | null = null;
  let said = '';
  /** Runs that ended, killed or on their own (a crash is a finding the runner reports). */
  const exited = new WeakSet<MainRun>();
  const clock = instanceClock(options.name);
  const start = async (extra: Record<string, string> = {}) => {
    const env = { ...options.env, ...clock.env, ...extra, ROLES: options.roles, HOST: '127.0.0.1', PORT: String(port) };
    // A start may wait long on a machine the whole suite shares: a slow start is not the fault under test.
    const next = await runMain(env, { bundle: options.bundle, startTimeoutMs: 300_000 });
    if (next.state !== 'running') {
      throw new Error(`${options.name} did not start (exit ${next.code}):\n${next.stderr().slice(-3000)}`);
    }
    run = next;
    void next.exit.then(() => {
      exited.add(next);
      keepLog(options.name, next);
    });
  };
  const kill = async (signal: NodeJS.Signals) => {
    const current = run;
    if (!current?.pid) throw new Error(`${options.name} is not running`);
    if (!exited.has(current)) process.kill(current.pid, signal);
    const exit = await current.exit;
    said = `${said}${current.stdout()}${current.stderr()}`.slice(-20_000);
    await current.stop(); // removes its temporary folder
    run = null;
    return exit;
  };
  // The first start may find its port taken meanwhile: then on another. Restarts keep it (nginx's upstream names it).
  await onFreePort(async (free) => {
    port = free;
    await start();
  });
  return {
    name: options.name,
    roles: options.roles,
    baseUrl: `http://127.0.0.1:${port}`,
    pid: () => run?.pid ?? null,
    running: () => run !== null && !exited.has(run),
    kill,
    start,
    restart: async (extra) => {
      if (run) await kill('SIGTERM');
      await start(extra);
    },
    stepClock: clock.step,
    removeFiles: clock.remove,
    output: () => `${said}${run ? `${run.stdout()}${run.stderr()}` : ''}`.slice(-8000),
  };
}

/** libfaketime from Debian's `faketime` package (installed by .ci/run): the one real way to step a process's clock. */
export const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';

/**
 * The instance's wall clock, through libfaketime: its offset is read from a file of its own (at most once a second),
 * so a scenario steps the clock of a running process as NTP or an operator would. Only the wall clock moves: the
 * monotonic clock, which timers use, runs on (FAKETIME_DONT_FAKE_MONOTONIC).
 */
function instanceClock(name: string): {
  env: Record<string, string>;
  step: (offsetSeconds: number) => void;
  remove: () => void;
} {
  if (!fs.existsSync(LIBFAKETIME)) {
    return {
      env: {},
      remove: () => undefined,
      step: () => {
        throw new Error(`no ${LIBFAKETIME}: install Debian's faketime package (.ci/run does)`);
      },
    };
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `aidf-faults-clock-${name}-`)), 'offset');
  fs.writeFileSync(file, '+0\n');
  return {
    env: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_CACHE_DURATION: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    step: (offsetSeconds: number) => fs.writeFileSync(file, `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}\n`),
    remove: () => fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  };
}

/** Stops an instance for good at the end of a run: SIGTERM, SIGKILL after 10 s (runMain's stop). */
export async function stopInstance(instance: Instance) {
  if (!instance.running()) return instance.removeFiles();
  const pid = instance.pid();
  const killer = setTimeout(() => pid && process.kill(pid, 'SIGKILL'), 10_000);
  await instance.kill('SIGTERM').catch(() => undefined);
  clearTimeout(killer);
  instance.removeFiles();
}
