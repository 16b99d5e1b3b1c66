import { chainRpcFaults } from './chain-faults.ts';
import { pgFailover, pgRestartFast, pgRestartImmediate, pgTerminateBackends } from './database-faults.ts';
import { apiSigkill, apiSigterm, clockStep, leaseHolderSigkill } from './process-faults.ts';
import { chainReorgDeep, chainReorgShallow } from './reorgs.ts';
import type { Scenario } from './scenario.ts';

/**
 * Every scenario, one fault kind each, in the long profile's order (`npm run test:faults`: `longProfile`, with the
 * random mix before the last).
 */
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

/**
 * The long profile: every scenario, with the random mix of `mixed` faults before the deep reorganisation, which
 * must stay last: it leaves the deposit and collection watchers stopped for an operator, so no deposit or miner
 * payment of a scenario after it could settle.
 */
export function longProfile(mixed: number): Scenario[] {
  const last = SCENARIOS.at(-1);
  if (last !== chainReorgDeep) throw new Error('the deep reorganisation must be the last scenario');
  return [...SCENARIOS.slice(0, -1), randomMix(mixed), chainReorgDeep];
}

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
