// The planted-bug proofs: each plant (faults/planted/plants.ts) is a mutant build of the server; the whole stack runs
// it under the workload and a real fault (SIGKILL of an API instance), and the invariant named for the bug must
// fail. A plant no invariant catches fails the run: the invariants would miss that bug in the product too.
//   node --import tsx faults/planted/run-planted.ts [plant,plant…]   (default: every plant, one stack each)
//   --calm: no fault but the plant (default: a SIGKILL of an API instance after 40 transfers)
//   --together: the named plants in ONE mutant build and one stack (quicker; each plant's invariant must still fail,
//   though another plant could be what made it fail: one stack per plant is the proof, this a smoke test)
// FAULT_SEED=<n> replays; FAULT_USERS sets the workload's users (default 1,000).
import fs from 'node:fs';
import path from 'node:path';
import { checkInvariants } from '../invariants/index.ts';
import { settleAfterWorkload } from '../invariants/settle.ts';
import { runScenario } from '../run-scenario.ts';
import { apiSigkill } from '../scenarios/process-faults.ts';
import type { Scenario } from '../scenarios/scenario.ts';
import { startStack } from '../stack/stack.ts';
import type { CheckInvariants, WorkloadLog } from '../workload/types.ts';
import { startWorkload } from '../workload/workload.ts';
import { mutantSources, PLANTS, type Plant } from './plants.ts';

/** Long enough for every kind to happen (payouts, deposits, a day run again), then the crash of an instance. */
const withCrash: Scenario = {
  name: 'planted',
  about: 'the workload for 40 acknowledged transfers, then SIGKILL of an API instance mid-request',
  run: async (ctx) => {
    await ctx.acknowledged(40);
    await apiSigkill.run(ctx);
  },
};

/** No fault but the plant: for the bugs whose invariant a crash alone trips today (nginx's 502 on a killed instance). */
const calm: Scenario = {
  name: 'planted-calm',
  about: 'the workload for 60 acknowledged transfers, no fault injected',
  run: (ctx) => ctx.acknowledged(60),
};

const together = process.argv.includes('--together');
const plantedScenario = process.argv.includes('--calm') ? calm : withCrash;
const names = process.argv
  .slice(2)
  .find((a) => !a.startsWith('--'))
  ?.split(',');
const chosen = names ? names.map(plantNamed) : PLANTS;
const groups = together ? [chosen] : chosen.map((p) => [p]);
const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 1_000_000));
const users = Number(process.env.FAULT_USERS ?? 1000);
console.log(
  `planted bugs: FAULT_SEED=${seed}, ${chosen.map((p) => p.name).join(', ')}${together ? ' (together)' : ''}`,
);

const outcomes: { plant: Plant; caught: boolean; seen: string[]; error: string | null }[] = [];
for (const group of groups) {
  for (const plant of group) console.log(`plant ${plant.name}: ${plant.bug}`);
  const stack = await startStack({
    replace: mutantSources(...group),
    replica: false,
    say: (line) => console.log(`  ${line}`),
  });
  try {
    let seenLog: WorkloadLog | null = null;
    const keepLog: CheckInvariants = (input) => {
      seenLog = input.log;
      return checkInvariants(input);
    };
    const result = await runScenario(
      stack,
      { startWorkload, checkInvariants: keepLog, settle: settleAfterWorkload },
      { scenario: plantedScenario, seed, users, hotSpot: 20, say: (line) => console.log(line) },
    );
    const seen = [...new Set(result.violations.map((v) => v.invariant))];
    console.log(
      `  invariants that failed: ${seen.join(', ') || 'none'}${result.error ? `; scenario: ${result.error}` : ''}`,
    );
    for (const name of seen)
      console.log(`    ${name}: ${result.violations.find((v) => v.invariant === name)?.message}`);
    for (const plant of group) {
      const caught = seen.includes(plant.catches);
      console.log(`  ${plant.name}: ${caught ? 'caught' : 'MISSED'} by ${plant.catches}`);
      outcomes.push({ plant, caught, seen, error: result.error });
    }
    if (seenLog) console.log(`  daily jobs forced: ${dailyRuns(seenLog)}`);
    fs.mkdirSync('.test-results', { recursive: true });
    const file = `planted-${group.map((p) => p.name).join('+')}`.slice(0, 200);
    fs.writeFileSync(path.join('.test-results', `${file}.json`), JSON.stringify(result, null, 2));
    // The workload's log beside it: what a plant's invariant was given to judge (which days ran, and how often).
    if (seenLog) fs.writeFileSync(path.join('.test-results', `${file}.log.json`), JSON.stringify(seenLog));
  } finally {
    await stack.stop();
  }
}
const missed = outcomes.filter((o) => !o.caught);
console.log(`\nplanted bugs: ${outcomes.length - missed.length} of ${outcomes.length} caught`);
for (const o of missed)
  console.log(`  MISSED ${o.plant.name}: ${o.plant.catches} held (failed: ${o.seen.join(', ') || 'none'})`);
process.exit(missed.length > 0 ? 1 : 0);

/** Each forced (job, day) with the statuses of its runs, e.g. `pledge-settlement 2026-12-08 ×2 (200, 200)`. */
function dailyRuns(log: WorkloadLog): string {
  const runs = new Map<string, (number | null)[]>();
  for (const r of log.requests.filter((x) => x.kind === 'daily-job' && x.meta.date)) {
    const key = `${r.meta.job} ${r.meta.date}`;
    runs.set(key, [...(runs.get(key) ?? []), r.finalStatus]);
  }
  return [...runs].map(([key, statuses]) => `${key} ×${statuses.length} (${statuses.join(', ')})`).join('; ') || 'none';
}

function plantNamed(name: string): Plant {
  const plant = PLANTS.find((p) => p.name === name);
  if (!plant) throw new Error(`no plant ${name}: ${PLANTS.map((p) => p.name).join(', ')}`);
  return plant;
}
