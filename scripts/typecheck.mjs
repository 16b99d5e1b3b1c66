// `npm run typecheck`: every workspace's `tsc --noEmit`, two at a time, each on one thread. TypeScript 7's tsc (native)
// would otherwise spread one workspace over several threads: on two cores, two single-threaded workspaces at a time
// took half the CPU time and half the wall time of one multi-threaded workspace at a time (32 against 68 CPU-s).
// Each run's output is printed whole when it ends, so that two runs' errors do not interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
// Every workspace with a typecheck script, the largest first so that the two lanes end close together; a
// workspace not named in LARGEST_FIRST comes after those.
const LARGEST_FIRST = ['apps/server', 'apps/web', 'e2e', 'apps/console', 'packages/devchain'];
const WORKSPACES = readJson('package.json')
  .workspaces.filter((w) => readJson(path.join(w, 'package.json')).scripts?.typecheck)
  .sort((a, b) => rank(a) - rank(b));
function rank(workspace) {
  const i = LARGEST_FIRST.indexOf(workspace);
  return i === -1 ? LARGEST_FIRST.length : i;
}
const lanes = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS ?? 2), os.availableParallelism()));
const tsc = path.resolve('node_modules/typescript/bin/tsc');

/** The usual `tsc --noEmit -p .` is run straight, on one thread (npm's start-up saved); any other script through npm. */
function command(workspace) {
  const script = readJson(path.join(workspace, 'package.json')).scripts.typecheck;
  if (script === 'tsc --noEmit -p .') return [process.execPath, [tsc, '--noEmit', '--singleThreaded', '-p', workspace]];
  return ['npm', ['run', 'typecheck', '-w', workspace]];
}

/** Runs one workspace's type check; resolves with its exit status once its output has been printed. */
function check(workspace) {
  const started = performance.now();
  return new Promise((resolve) => {
    const [file, args] = command(workspace);
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'}  ${workspace} (${seconds}s)`);
      if (output) process.stdout.write(output);
      resolve(code ?? 1);
    });
  });
}

const queue = [...WORKSPACES];
const statuses = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    while (queue.length) statuses.push(await check(queue.shift()));
  }),
);
process.exit(statuses.some((s) => s !== 0) ? 1 : 0);
