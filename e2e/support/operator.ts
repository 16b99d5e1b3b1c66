/**
 * The operator's command line against the e2e server, run as an operator would: the compiled operator.js of the
 * server's production build (`npm run operator:prod`), built once per Playwright worker into its state folder. A tsx
 * start took three times the CPU, and the specs that fund their users run several commands each.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEV_OPERATOR_TOKEN } from '../../apps/server/src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let built: string | undefined;
/**
 * This worker's production build of the server (build.mjs: main.js, operator.js), built at its first use (support/test.ts
 * empties the state folder per worker). The bundle imports its packages from the repository's node_modules.
 */
export function serverBuild(): string {
  if (built && fs.existsSync(path.join(built, 'main.js'))) return built;
  const stateDir = process.env.E2E_STATE_DIR;
  if (!stateDir) throw new Error('E2E_STATE_DIR is not set: the e2e server fixture sets it for the worker');
  const outdir = path.join(stateDir, 'server-build');
  execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--outdir', outdir], { stdio: 'pipe' });
  built = outdir;
  return built;
}
const operatorBundle = () => path.join(serverBuild(), 'operator.js');

/** Runs `npm run operator -- <args>` as the operator `name` against the server at `baseURL`; its standard output. */
export async function operator(baseURL: string, args: string[], { name = 'e2e' } = {}) {
  const run = await promisify(execFile)(process.execPath, [operatorBundle(), ...args], {
    // The bundle imports its packages from node_modules: run it from the repository, as `npm run operator:prod` does.
    cwd: root,
    env: { ...process.env, OPERATOR_URL: baseURL, OPERATOR_TOKEN: DEV_OPERATOR_TOKEN, OPERATOR_NAME: name },
  });
  return run.stdout;
}
