import { type PublishedRoot, publishesRoot } from './root-publication.ts';

/** One JSON-RPC call to a node of the chain: a wallet's EIP-1193 `request`, or `jsonRpcOver(url)`. */
export type ChainRpc = (method: string, params: unknown[]) => Promise<unknown>;

/** What the chain says of a report's published root. Only 'matches' means the root was checked. */
export type PublicationCheck =
  | { status: 'matches'; blockNumber: string /** Lower case. */; from: string }
  | {
      status: 'differs' | 'not-found' | 'pending' | 'wrong-chain' | 'wrong-sender' | 'unreachable';
      detail?: string;
    };

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Calls a node over HTTP (a public RPC, or the one given to the command line), with a timeout. */
export function jsonRpcOver(url: string, timeoutMs = 15_000): ChainRpc {
  let id = 0;
  return async (method, params) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new Error(body.error.message ?? 'RPC error');
    return body.result ?? null;
  };
}

/**
 * Reads the publication transaction from the chain, through a node the server does not pick, and says whether its
 * data publishes exactly `expected` (report id, currencies, root hash and sums), sent by the platform's hot wallet
 * to itself and mined. Never throws: a node that cannot be reached is 'unreachable'.
 */
export async function checkPublishedRoot(
  rpc: ChainRpc,
  p: { chainId: number; txHash: string; from: string | null; expected: PublishedRoot },
): Promise<PublicationCheck> {
  if (!TX_HASH.test(p.txHash)) return { status: 'not-found', detail: 'not a transaction hash' };
  let chainId: unknown;
  let tx: unknown;
  try {
    chainId = await rpc('eth_chainId', []);
    if (typeof chainId !== 'string' || Number.parseInt(chainId, 16) !== p.chainId) {
      return { status: 'wrong-chain', detail: `the node is on chain ${String(chainId)}, not ${p.chainId}` };
    }
    tx = await rpc('eth_getTransactionByHash', [p.txHash]);
  } catch (error) {
    return { status: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
  }
  if (!tx || typeof tx !== 'object') return { status: 'not-found' };
  const { input, from, to, blockNumber, hash } = tx as Record<string, unknown>;
  if (typeof hash === 'string' && hash.toLowerCase() !== p.txHash.toLowerCase()) return { status: 'not-found' };
  if (typeof blockNumber !== 'string' || !/^0x[0-9a-fA-F]+$/.test(blockNumber)) return { status: 'pending' };
  if (!publishesRoot(input, p.expected)) return { status: 'differs' };
  const sender = typeof from === 'string' && ADDRESS.test(from) ? from.toLowerCase() : null;
  const selfSent = sender !== null && typeof to === 'string' && to.toLowerCase() === sender;
  if (!selfSent || (p.from !== null && p.from.toLowerCase() !== sender)) {
    return { status: 'wrong-sender', detail: `sent by ${String(from)} to ${String(to)}` };
  }
  return { status: 'matches', blockNumber: BigInt(blockNumber).toString(), from: sender };
}
