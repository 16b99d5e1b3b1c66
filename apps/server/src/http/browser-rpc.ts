import { PUBLIC_BSC_RPC_URL, PUBLIC_SOLANA_RPC_URL } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { devToolsAllowed } from '../config-mode.ts';

/** The Solana RPC the browser is told to use instead of the public one: the dev stand-in beside the dev chains. */
export function devSolanaRpcUrl(app: FastifyInstance): string | null {
  return devToolsAllowed(app.config) ? (app.chains.solana?.rpcUrl ?? null) : null;
}

/**
 * The BNB Smart Chain RPC the browser reads a published reserves root through instead of the public one: the dev
 * stand-in beside the dev chains; null elsewhere, so the app never asks our own node about our own publication.
 */
export function devBscRpcUrl(app: FastifyInstance): string | null {
  return devToolsAllowed(app.config) ? (app.chains.bsc?.rpcUrl ?? null) : null;
}

/** The origins the app's browser code may call besides ours (its Content-Security-Policy's connect-src). */
export function browserRpcOrigins(app: FastifyInstance): string[] {
  const urls = [PUBLIC_SOLANA_RPC_URL, PUBLIC_BSC_RPC_URL, devSolanaRpcUrl(app), devBscRpcUrl(app)].filter(
    (u): u is string => u !== null,
  );
  return [...new Set(urls.map((u) => new URL(u).origin))];
}
