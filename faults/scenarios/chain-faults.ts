import type { Fault } from '../stack/chain-fault-proxy.ts';
import { pause, type Scenario, type ScenarioContext } from './scenario.ts';

/** Each way a BSC node fails, 4 s at a time, in front of every instance's watchers, payout worker and reads. */
export const RPC_FAULTS: readonly Fault[] = [
  { kind: 'http429', retryAfterSeconds: 1 },
  { kind: 'http5xx', status: 502 },
  { kind: 'rpcError', code: -32005, message: 'limit exceeded' },
  { kind: 'garbage' },
  { kind: 'truncated' },
  { kind: 'drop' },
  { kind: 'delay', ms: 3000 },
  { kind: 'stall' },
  { kind: 'staleBlock', lag: 10 },
];

/** The BSC RPC errors, times out, answers 429 or 5xx, garbage or truncated JSON, stalls and falls behind. */
export const chainRpcFaults: Scenario = chainFaultsScenario(
  'chain-rpc-faults',
  'the BSC node: 429, 5xx, JSON-RPC errors, garbage, truncated JSON, drops, delays, stalls, a stale head',
  RPC_FAULTS,
);

/** `faults` of the BSC node in turn, each once 5 transfers were acknowledged, 4 s long. */
export function chainFaultsScenario(name: string, about: string, faults: readonly Fault[]): Scenario {
  return {
    name,
    about,
    run: (ctx) => runChainFaults(ctx, faults),
  };
}

async function runChainFaults(ctx: ScenarioContext, faults: readonly Fault[]) {
  const proxy = ctx.stack.chains.bscFault;
  if (!proxy) throw new Error('the stack was started without the chain fault proxy');
  for (const fault of faults) {
    await ctx.acknowledged(5);
    await ctx.fault(
      `chain-${fault.kind}`,
      JSON.stringify(fault),
      async () => proxy.set(fault),
      async () => {
        await pause(4000);
        await proxy.set(null);
      },
    );
  }
}
