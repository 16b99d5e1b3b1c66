import { chainRpcFaults } from './chain-faults.ts';
import { pgFailover, pgRestartFast, pgRestartImmediate, pgTerminateBackends } from './database-faults.ts';
import { apiSigkill, apiSigterm, clockStep, leaseHolderSigkill } from './process-faults.ts';
import { chainReorgDeep, chainReorgShallow } from './reorgs.ts';
import type { Scenario } from './scenario.ts';

/** Every scenario of the long profile (`npm run test:faults`), one fault kind each, in this order. */
export const SCENARIOS: readonly Scenario[] = [
  apiSigkill,
  apiSigterm,
  leaseHolderSigkill,
  pgRestartFast,
  pgRestartImmediate,
  pgTerminateBackends,
  pgFailover,
  clockStep,
  chainRpcFaults,
  chainReorgShallow,
  // Last: it leaves the chain on another branch and the deposit watcher stopped, as operators would find it.
  chainReorgDeep,
];

/** The faults a random mix draws from: each scenario's own, one strike at a time. */
const MIXABLE: readonly Scenario[] = [
  apiSigkill,
  apiSigterm,
  pgRestartFast,
  pgRestartImmediate,
  pgTerminateBackends,
  pgFailover,
  clockStep,
];

/** `count` faults drawn from the scenarios with the run's seed (the same seed, the same faults in the same order). */
export function randomMix(count: number): Scenario {
  return {
    name: `random-mix-${count}`,
    about: `${count} faults drawn by the seed from: ${MIXABLE.map((s) => s.name).join(', ')}`,
    run: async (ctx) => {
      for (let i = 0; i < count; i++) {
        const next = ctx.random.pick(MIXABLE);
        ctx.say(`  mix ${i + 1}/${count}: ${next.name}`);
        await next.run(ctx);
      }
    },
  };
}

export function scenarioNamed(name: string): Scenario {
  const mix = /^random-mix-(\d+)$/.exec(name);
  if (mix) return randomMix(Number(mix[1]));
  const found = SCENARIOS.find((s) => s.name === name);
  if (!found) throw new Error(`no scenario ${name}: ${SCENARIOS.map((s) => s.name).join(', ')}, random-mix-N`);
  return found;
}
