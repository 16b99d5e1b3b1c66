import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type MainRun, runMain } from '../../apps/server/test/main-process.ts';
import { freePort } from './processes.ts';
import type { Instance, InstanceRole } from './types.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The production build of the server (apps/server/build.mjs, as `npm run build` makes it) under node_modules/.cache,
 * where the bundle's package imports resolve. `replace` ({ source path: its text }, paths relative to the repository
 * or absolute) swaps source files in the bundle: a mutant build, for a test proving an invariant catches a planted
 * bug. Answers the path of main.js; `remove` takes the build away.
 */
export async function buildServer({ replace = {} }: { replace?: Record<string, string> } = {}) {
  const absolute = Object.fromEntries(
    Object.entries(replace).map(([file, text]) => [path.resolve(repoRoot, file), text]),
  );
  for (const file of Object.keys(absolute))
    if (!fs.existsSync(file)) throw new Error(`no such source to replace: ${file}`);
  const id = crypto.randomBytes(6).toString('hex');
  const outdir = path.join(repoRoot, 'node_modules/.cache', `aidf-faults-server-${id}`);
  const args = [path.join(repoRoot, 'apps/server/build.mjs'), '--outdir', outdir];
  const replaceFile = `${outdir}.replace.json`;
  if (Object.keys(absolute).length > 0) {
    fs.mkdirSync(path.dirname(replaceFile), { recursive: true });
    fs.writeFileSync(replaceFile, JSON.stringify(absolute));
    args.push('--replace', replaceFile);
  }
  await promisify(execFile)(process.execPath, args, { cwd: repoRoot });
  fs.rmSync(replaceFile, { force: true });
  return {
    main: path.join(outdir, 'main.js'),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
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
  const port = await freePort();
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
    void next.exit.then(() => exited.add(next));
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
  await start();
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
