// `npm run test:faults`: the fault harness. Starts the stack (faults/stack), then runs each scenario with the workload
// and checks the invariants after it; prints the figures and exits 1 when any invariant failed or a scenario stuck.
//   --profile long (default): every scenario, with a random mix of 8 faults before the last (the deep reorganisation);
//   --profile short: what `npm test` runs beside the e2e tests (faults/scenarios/short-mix.ts): three scenarios'
//   faults under one workload run, on a stack without the replica (no failover in it);
//   --scenario a,b: only those (names in faults/scenarios/index.ts; random-mix-N for a mix of N faults).
// FAULT_SEED=<n> replays a run: the same workload and the same faults in the same order (the short profile's is fixed).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { failures, figures } from './figures.ts';
import { type Harness, runScenario, type ScenarioResult } from './run-scenario.ts';
import { longProfile, scenarioNamed } from './scenarios/index.ts';
import type { Scenario } from './scenarios/scenario.ts';
import { shortMix } from './scenarios/short-mix.ts';
import { startChainFaultProxy } from './stack/chain-fault-proxy.ts';
import { startStack } from './stack/stack.ts';
import type { Stack } from './stack/types.ts';

const { values } = parseArgs({
  options: { profile: { type: 'string', default: 'long' }, scenario: { type: 'string' } },
});
const short = values.profile === 'short' && !values.scenario;
/** The short profile's seed: the same workload and faults on every `npm test` (FAULT_SEED still overrides). */
const SHORT_SEED = 42;
const seed = Number(process.env.FAULT_SEED ?? (short ? SHORT_SEED : Math.floor(Math.random() * 1_000_000)));
const scenarios: Scenario[] = values.scenario
  ? values.scenario.split(',').map(scenarioNamed)
  : short
    ? [shortMix]
    : longProfile(8);
const users = Number(process.env.FAULT_USERS ?? 1000);
console.log(`fault harness: FAULT_SEED=${seed} (set it to replay), ${scenarios.map((s) => s.name).join(', ')}`);

const harness = await loadHarness();
const stack = await startStack({
  // Only pg-failover needs the replica: the short profile starts none.
  replica: !short,
  say: (line) => console.log(line),
  bscFaultProxy: async (upstream) => startChainFaultProxy(upstream),
});
const results: ScenarioResult[] = [];
try {
  for (const [i, scenario] of scenarios.entries()) {
    console.log(`scenario ${scenario.name}: ${scenario.about}`);
    const result = await runScenario(stack, harness, {
      scenario,
      seed: seed + i,
      users,
      hotSpot: 20,
      say: (line) => console.log(line),
    });
    results.push(result);
    await reviveDead(stack);
    console.log(
      `  ${result.error || result.violations.length ? 'FAILED' : 'ok'} in ${Math.round(result.ms / 1000)} s: ${result.acknowledged} acknowledged, ${result.violations.length} violations`,
    );
  }
} finally {
  await stack.stop();
}
const printed = figures(results, seed);
console.log(`\n${printed}`);
const failed = failures(results);
for (const line of failed) console.log(line);
// In a folder of its own: `npm test`'s report reads every .json at the top of .test-results as a test report.
fs.mkdirSync('.test-results/faults', { recursive: true });
fs.writeFileSync(path.join('.test-results/faults', `${values.profile}.json`), JSON.stringify(results, null, 2));
process.exit(failed.length > 0 ? 1 : 0);

/**
 * A process that died during a scenario (not one the scenario killed and restarted: one that exited on its own) is
 * a finding: its last output is printed, and it is started again so the next scenario has the whole stack.
 */
async function reviveDead(stack: Stack) {
  for (const instance of [...stack.instances, stack.treasury]) {
    if (instance.running() && (await answers(instance.baseUrl))) continue;
    console.log(`  ${instance.name} died or stopped answering during the scenario; its last output:`);
    console.log(instance.output().slice(-3000).replace(/^/gm, '    | '));
    if (instance.running()) await instance.kill('SIGKILL');
    await instance.start();
  }
}

async function answers(baseUrl: string) {
  try {
    return (await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(30_000) })).status < 500;
  } catch {
    return false;
  }
}

/**
 * The workload and the invariants of faults/workload and faults/invariants, loaded by path so the runner also runs
 * while they are being written.
 */
async function loadHarness(): Promise<Harness> {
  const at = (file: string) => new URL(file, import.meta.url).href;
  const workload = (await import(at('./workload/workload.ts'))) as Pick<Harness, 'startWorkload'>;
  const invariants = (await import(at('./invariants/index.ts'))) as Pick<Harness, 'checkInvariants'>;
  const settle = (await import(at('./invariants/settle.ts'))) as { settleAfterWorkload: Harness['settle'] };
  return { ...workload, ...invariants, settle: settle.settleAfterWorkload };
}
