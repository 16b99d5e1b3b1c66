import { chainFaultsScenario } from './chain-faults.ts';
import { pgTerminateBackends } from './database-faults.ts';
import { apiSigkill } from './process-faults.ts';
import type { Scenario } from './scenario.ts';

/**
 * The BSC node's faults of the short profile: one of each family (throttled, an error answer, a broken body, a
 * hang, a node behind), where the long profile's chain-rpc-faults runs all nine.
 */
const chainFaults = chainFaultsScenario(
  'chain-rpc-faults-short',
  'the BSC node: 429, a JSON-RPC error, truncated JSON, a stall, a stale head',
  [
    { kind: 'http429', retryAfterSeconds: 1 },
    { kind: 'rpcError', code: -32005, message: 'limit exceeded' },
    { kind: 'truncated' },
    { kind: 'stall' },
    { kind: 'staleBlock', lag: 10 },
  ],
);

/**
 * The short profile (`npm test`'s fault step): the faults of api-sigkill, pg-terminate-backends and five of the
 * chain node's, back to back under ONE workload run, so the workload's start, its stop, the settling and the
 * checks are paid once instead of three times. The invariants judge the whole run; a violation names its
 * request or row, and the long profile runs each scenario alone to tell which fault caused it.
 */
export const shortMix: Scenario = {
  name: 'short-mix',
  about: `${apiSigkill.about}; then ${pgTerminateBackends.about}; then ${chainFaults.about}`,
  run: async (ctx) => {
    for (const part of [apiSigkill, pgTerminateBackends, chainFaults]) {
      ctx.say(`  ${part.name}`);
      await part.run(ctx);
    }
  },
};
