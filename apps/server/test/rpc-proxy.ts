import { type Refusal, startChainFaultProxy } from '../../../faults/stack/chain-fault-proxy.ts';

export type { RecordedCall, Refusal } from '../../../faults/stack/chain-fault-proxy.ts';

/**
 * The fault harness's JSON-RPC proxy (faults/stack/chain-fault-proxy.ts) as the API tests started it before it
 * had faults: forwards every call, records it, refuses what `refuse` answers (a capped provider) and holds a call
 * while `delay` has not resolved (a timeout). `set` shows one of the harness's faults.
 */
export async function startRpcProxy(
  upstream: string,
  refuse: (method: string, params: unknown[]) => Refusal = () => null,
  delay?: (method: string, params: unknown[]) => Promise<void>,
) {
  const proxy = await startChainFaultProxy(upstream, { refuse, ...(delay ? { delay } : {}) });
  return { ...proxy, close: proxy.stop };
}
