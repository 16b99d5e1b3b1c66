import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fault a chain node (or the provider in front of it) shows. Each may be narrowed to some JSON-RPC `methods`
 * (a request, single or batch, is faulted when one of its calls is) and to the next `times` requests that match.
 * - drop: the socket is closed without an answer; with `afterForward` the node got the calls first (an answer
 *   lost on its way back: a sent transaction whose sender saw a network error);
 * - delay: the answer comes `ms` late (past the client's timeout, it is a timeout);
 * - stall: no answer until `release()` (or `set(null)`), then the request goes through late;
 * - http429: "Too Many Requests" with `Retry-After`; http5xx: a gateway error page;
 * - garbage: 200 with a body that is not JSON; truncated: 200 with the node's answer cut in half;
 * - rpcError: every call answered with this JSON-RPC error (-32005 limit exceeded, -32000 header not found …);
 * - staleBlock: a node `lag` blocks (slots) behind the chain: its head, and nothing newer than it, is served;
 *   with `wholeRequest`, every call of a request `methods` matches meets it, not only the matching calls (a replica
 *   behind a load balancer answers a whole JSON-RPC batch, while the requests before and after may reach another).
 * - otherBranch: the matching calls answered as by a node on another branch: every block hash in the answer (a
 *   block's, a log's) is another one, the rest as the node said.
 */
export type Fault = (
  | { kind: 'drop'; afterForward?: boolean }
  | { kind: 'delay'; ms: number }
  | { kind: 'stall' }
  | { kind: 'http429'; retryAfterSeconds?: number }
  | { kind: 'http5xx'; status?: number }
  | { kind: 'garbage' }
  | { kind: 'truncated' }
  | { kind: 'rpcError'; code: number; message: string }
  | { kind: 'staleBlock'; lag: number; wholeRequest?: boolean }
  | { kind: 'otherBranch' }
) & { methods?: string[]; times?: number };

export type FaultKind = Fault['kind'];

export interface RecordedCall {
  method: string;
  params: unknown[];
  /** The upstream's answer (`result`), or the refusal the proxy gave instead. */
  result?: unknown;
  refused?: boolean;
  /** The fault this call met, if any. */
  fault?: FaultKind;
}

/**
 * An answer a test gives instead of forwarding: a JSON-RPC error, as a capped provider answers; with `httpStatus`
 * the whole HTTP answer has that status (a 429), the error as its body.
 */
export type Refusal = { code: number; message: string; httpStatus?: number } | null;

export interface ChainFaultProxyOptions {
  /** A test's own refusals, per call (result caps of a provider); asked before the fault. */
  refuse?: (method: string, params: unknown[]) => Refusal;
  /** Runs before a call is forwarded: a test makes a call hang until it lets it go. */
  delay?: (method: string, params: unknown[]) => Promise<void>;
}

interface RpcCall {
  jsonrpc?: string;
  id: unknown;
  method: string;
  params?: unknown[];
}

/** Another block hash than `hash` (its last four hex digits changed), as a node on another branch answers. */
const otherHash = (hash: string) => `${hash.slice(0, -4)}${hash.endsWith('beef') ? 'dead' : 'beef'}`;

/** Rewrites an answer's block hashes: a block's own (`hash`) and each log's (`blockHash`). */
function onAnotherBranch(answer: { result?: unknown }) {
  const items = Array.isArray(answer.result) ? answer.result : [answer.result];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as { hash?: unknown; blockHash?: unknown };
    if (typeof record.blockHash === 'string') record.blockHash = otherHash(record.blockHash);
    else if (typeof record.hash === 'string') record.hash = otherHash(record.hash);
  }
}

export type ChainFaultProxy = Awaited<ReturnType<typeof startChainFaultProxy>>;

/**
 * A JSON-RPC proxy on loopback in front of a dev chain's node (Hardhat, or the Solana dev chain's front): forwards
 * every call, records method, parameters and result, and shows the fault `set` last to the requests it matches.
 * The product talks to it as to any RPC URL. `injected` counts the requests each kind of fault met.
 */
export async function startChainFaultProxy(upstream: string, options: ChainFaultProxyOptions = {}) {
  const calls: RecordedCall[] = [];
  const injected: Partial<Record<FaultKind, number>> = {};
  let fault: Fault | null = null;
  let left = Number.POSITIVE_INFINITY;
  let stalled: (() => void)[] = [];
  const stale = staleNode(upstream);

  const releaseStalled = () => {
    const waiting = stalled;
    stalled = [];
    for (const go of waiting) go();
  };

  /** The fault for these calls, counted against `times`; null when none applies. */
  function faultFor(requests: RpcCall[]): Fault | null {
    if (!fault || left <= 0) return null;
    const { methods } = fault;
    if (methods && !requests.some((r) => methods.includes(r.method))) return null;
    left--;
    injected[fault.kind] = (injected[fault.kind] ?? 0) + 1;
    return fault;
  }

  /** One call's answer; a test's refusal with an HTTP status sets `http.status` (asked once per call). */
  async function forward(r: RpcCall, applied: Fault | null, http: { status: number }): Promise<unknown> {
    const recorded: RecordedCall = { method: r.method, params: r.params ?? [] };
    calls.push(recorded);
    const refusal = options.refuse?.(r.method, recorded.params);
    if (refusal) {
      recorded.refused = true;
      const { httpStatus, ...error } = refusal;
      if (httpStatus) http.status = httpStatus;
      return { jsonrpc: '2.0', id: r.id, error };
    }
    const whole = applied?.kind === 'staleBlock' && applied.wholeRequest === true;
    const hit = applied && (whole || !applied.methods || applied.methods.includes(r.method)) ? applied : null;
    if (hit) recorded.fault = hit.kind;
    if (hit?.kind === 'rpcError') {
      recorded.refused = true;
      return { jsonrpc: '2.0', id: r.id, error: { code: hit.code, message: hit.message } };
    }
    await options.delay?.(r.method, recorded.params);
    const answer = hit?.kind === 'staleBlock' ? await stale.call(r, hit.lag) : await rpc(upstream, r);
    if (hit?.kind === 'otherBranch') onAnotherBranch(answer as { result?: unknown });
    recorded.result = (answer as { result?: unknown }).result;
    return answer;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[];
    const requests = Array.isArray(body) ? body : [body];
    const applied = faultFor(requests);
    switch (applied?.kind) {
      case 'drop':
        if (applied.afterForward) await Promise.all(requests.map((r) => forward(r, applied, { status: 200 })));
        response.socket?.destroy();
        return;
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, applied.ms));
        break;
      case 'stall':
        await new Promise<void>((resolve) => stalled.push(resolve));
        break;
      case 'http429':
        response
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(applied.retryAfterSeconds ?? 1) })
          .end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: requests[0]?.id ?? null,
              error: { code: 429, message: 'Too Many Requests' },
            }),
          );
        return;
      case 'http5xx':
        response
          .writeHead(applied.status ?? 502, { 'content-type': 'text/html' })
          .end('<html><body><h1>502 Bad Gateway</h1></body></html>');
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' }).end('<html>upstream error</html>\u0000\u00ff{');
        return;
    }
    const http = { status: 200 };
    const answers = await Promise.all(requests.map((r) => forward(r, applied, http)));
    const text = JSON.stringify(Array.isArray(body) ? answers : answers[0]);
    response
      .writeHead(http.status, { 'content-type': 'application/json' })
      .end(applied?.kind === 'truncated' ? text.slice(0, Math.floor(text.length / 2)) : text);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /** Requests that met each kind of fault since the proxy started. */
    injected,
    /** Shows `next` from now on (null: a healthy node again); a stall in place is released. */
    set(next: Fault | null) {
      fault = next;
      left = next?.times ?? Number.POSITIVE_INFINITY;
      if (next?.kind !== 'stall') releaseStalled();
    },
    /** Lets the stalled requests go on to the node. */
    release: releaseStalled,
    /** How many requests a stall holds now. */
    stalledCount: () => stalled.length,
    stop: () =>
      new Promise<void>((resolve) => {
        fault = null;
        releaseStalled();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function rpc(
  upstream: string,
  r: RpcCall,
): Promise<{ jsonrpc: string; id: unknown; result?: unknown; error?: unknown }> {
  const response = await fetch(upstream, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', ...r }),
  });
  return (await response.json()) as { jsonrpc: string; id: unknown; result?: unknown };
}

const hex = (n: bigint) => `0x${n.toString(16)}`;
const EVM_TAGS = new Set(['latest', 'pending', 'safe', 'finalized']);
const blockOf = (value: unknown): bigint | null =>
  typeof value === 'string' && value.startsWith('0x') ? BigInt(value) : null;

/**
 * A node `lag` blocks behind the chain, for the calls that name blocks: its head is the chain's head less the lag,
 * a newer block, log, receipt or transaction is unknown to it, and "latest" means its own head. Solana's calls by
 * slot likewise. Calls it has no view on (sending bytes, the gas price) go through as they are.
 */
function staleNode(upstream: string) {
  const evmHead = async () => BigInt((await rpc(upstream, { id: 0, method: 'eth_blockNumber' })).result as string);
  const solanaSlot = async (commitment: unknown) =>
    BigInt((await rpc(upstream, { id: 0, method: 'getSlot', params: [{ commitment }] })).result as number);

  async function evm(r: RpcCall, lag: bigint) {
    const head = (await evmHead()) - lag;
    const staleHead = head < 0n ? 0n : head;
    const params = [...(r.params ?? [])];
    const asHead = (tag: unknown) => (typeof tag === 'string' && EVM_TAGS.has(tag) ? hex(staleHead) : tag);
    const tooNew = (n: unknown) => {
      const block = blockOf(n);
      return block !== null && block > staleHead;
    };
    switch (r.method) {
      case 'eth_blockNumber':
        return { jsonrpc: '2.0', id: r.id, result: hex(staleHead) };
      case 'eth_getBlockByNumber':
        if (tooNew(params[0])) return { jsonrpc: '2.0', id: r.id, result: null };
        params[0] = asHead(params[0]);
        return rpc(upstream, { ...r, params });
      case 'eth_getBlockByHash':
      case 'eth_getTransactionReceipt':
      case 'eth_getTransactionByHash': {
        const answer = await rpc(upstream, r);
        const found = answer.result as { number?: string; blockNumber?: string } | null;
        return tooNew(found?.number ?? found?.blockNumber) ? { ...answer, result: null } : answer;
      }
      case 'eth_getLogs': {
        // The node answers for the blocks it has: a range past its head comes back short, not refused.
        const filter = { ...(params[0] as Record<string, unknown>) };
        if (!filter.blockHash) {
          filter.fromBlock = asHead(filter.fromBlock ?? 'latest');
          filter.toBlock = tooNew(filter.toBlock) ? hex(staleHead) : asHead(filter.toBlock ?? 'latest');
          if ((blockOf(filter.fromBlock) ?? 0n) > staleHead) return { jsonrpc: '2.0', id: r.id, result: [] };
        }
        const answer = await rpc(upstream, { ...r, params: [filter] });
        const logs = (answer.result as { blockNumber: string }[] | undefined) ?? [];
        return answer.error ? answer : { ...answer, result: logs.filter((l) => !tooNew(l.blockNumber)) };
      }
      case 'eth_getBalance':
      case 'eth_getTransactionCount':
      case 'eth_getCode':
      case 'eth_call': {
        const at = params.length - 1;
        params[at] = tooNew(params[at]) ? hex(staleHead) : asHead(params[at]);
        return rpc(upstream, { ...r, params });
      }
      default:
        return rpc(upstream, r);
    }
  }

  async function solana(r: RpcCall, lag: bigint) {
    // The node's slot at the call's commitment (the RPC's default: finalized), `lag` behind the chain's.
    const config = (r.params ?? []).find((p) => typeof p === 'object' && p !== null && !Array.isArray(p)) as
      | { commitment?: string; minContextSlot?: number }
      | undefined;
    const head = (await solanaSlot(config?.commitment ?? 'finalized')) - lag;
    const staleSlot = head < 0n ? 0n : head;
    // A call that names the least slot it may be answered at is refused by a node not there yet.
    const least = config?.minContextSlot;
    if (typeof least === 'number' && BigInt(least) > staleSlot) {
      const message = 'Minimum context slot has not been reached';
      return { jsonrpc: '2.0', id: r.id, error: { code: -32016, message, data: { contextSlot: Number(staleSlot) } } };
    }
    const answer = await rpc(upstream, r);
    if (answer.error) return answer;
    switch (r.method) {
      case 'getSlot':
      case 'getBlockHeight': {
        const value = BigInt(answer.result as number) - lag;
        return { ...answer, result: Number(value < 0n ? 0n : value) };
      }
      case 'getSignaturesForAddress':
        return { ...answer, result: (answer.result as { slot: number }[]).filter((s) => BigInt(s.slot) <= staleSlot) };
      case 'getBlocks':
        // The blocks it has: a list that ends at its own finalized slot, not refused.
        return { ...answer, result: (answer.result as number[]).filter((slot) => BigInt(slot) <= staleSlot) };
      case 'getTransaction':
      case 'getBlock': {
        const slot =
          (answer.result as { slot?: number } | null)?.slot ??
          (r.method === 'getBlock' ? (r.params?.[0] as number) : null);
        return slot !== null && slot !== undefined && BigInt(slot) > staleSlot ? { ...answer, result: null } : answer;
      }
      default:
        return answer;
    }
  }

  return {
    call: (r: RpcCall, lag: number) => (r.method.startsWith('eth_') ? evm(r, BigInt(lag)) : solana(r, BigInt(lag))),
  };
}

/**
 * Reorganisations of the Hardhat dev chain: `mark()` remembers the chain as it is now (evm_snapshot), and
 * `reorg(mark, { blocks })` rolls back to it (evm_revert: the blocks and transactions since are gone) and mines
 * `blocks` other blocks in their place, a later timestamp making every one of them another hash. Deeper than the
 * blocks a watcher has seen but shallower than the confirmations, nothing of it was confirmed; deeper than the
 * confirmations, a watcher's last scanned block changed under it.
 */
export function hardhatReorgs(rpcUrl: string) {
  const call = async (method: string, params: unknown[] = []) => {
    const answer = await rpc(rpcUrl, { id: 1, method, params });
    if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  const head = async () => BigInt((await call('eth_blockNumber')) as string);
  return {
    head,
    /** The chain as it is now; a mark serves one reorg (Hardhat forgets a snapshot once reverted to). */
    async mark(): Promise<{ id: string; block: bigint }> {
      return { id: (await call('evm_snapshot')) as string, block: await head() };
    },
    /** Mines `blocks` empty blocks on the current branch. */
    async mine(blocks: number) {
      await call('hardhat_mine', [hex(BigInt(blocks))]);
    },
    /**
     * Rolls the chain back to `mark` and mines `blocks` blocks of another branch; then `replay` (signed bytes of
     * transactions of the old branch) are sent again, so they land in the new branch at other heights. Answers
     * how deep the reorganisation went (the old branch's blocks after the mark).
     */
    async reorg(mark: { id: string; block: bigint }, options: { blocks: number; replay?: `0x${string}`[] }) {
      const depth = (await head()) - mark.block;
      if (!(await call('evm_revert', [mark.id]))) throw new Error(`evm_revert ${mark.id} refused`);
      await call('evm_increaseTime', [3600]);
      if (options.blocks > 0) await call('hardhat_mine', [hex(BigInt(options.blocks))]);
      for (const raw of options.replay ?? []) await call('eth_sendRawTransaction', [raw]);
      return depth;
    },
    /** Sends signed bytes to the node (automining: they are mined at once). */
    send: (raw: `0x${string}`) => call('eth_sendRawTransaction', [raw]) as Promise<`0x${string}`>,
  };
}
