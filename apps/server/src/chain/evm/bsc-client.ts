import { BSC_CHAIN_ID } from '@aidf/contract';
import { createPublicClient, defineChain, http, type PublicClient } from 'viem';

/** BNB Smart Chain (id 56) at the configured RPC URL: the real one in production, the dev chain otherwise. */
export function bscChain(rpcUrl: string) {
  return defineChain({
    id: BSC_CHAIN_ID,
    name: 'BNB Smart Chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function bscPublicClient(rpcUrl: string): PublicClient {
  return createPublicClient({ chain: bscChain(rpcUrl), transport: http(rpcUrl, { timeout: 15_000, retryCount: 1 }) });
}

/** A client for reads that count their own attempts: no retry of viem's, and `timeoutMs` for each call. */
export function bscReadClient(rpcUrl: string, timeoutMs: number): PublicClient {
  return createPublicClient({
    chain: bscChain(rpcUrl),
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
  });
}

/**
 * The same node through a transport that sends the calls made together as one JSON-RPC batch of at most
 * `batchSize`: the deposit source reads whole ranges of blocks with it (evm-native-transfers.ts). A batch of full
 * blocks is a large answer, hence the longer timeout.
 */
export function bscBatchClient(rpcUrl: string, batchSize: number): PublicClient {
  return createPublicClient({
    chain: bscChain(rpcUrl),
    transport: http(rpcUrl, { batch: { batchSize, wait: 0 }, timeout: 30_000, retryCount: 1 }),
  });
}
