import { PUBLIC_SOLANA_RPC_URL } from '@aidf/contract';

/**
 * The Solana RPC the app reads and sends through (SPEC.md point 7: balance, blockhash, send, confirm through a
 * public RPC). Mainnet's public endpoint unless the server names another one (the dev stand-in beside the dev
 * chains): the pay flow sets it from the order before a transfer.
 */
let rpcUrl = PUBLIC_SOLANA_RPC_URL;

export function setSolanaRpcUrl(url: string | null | undefined) {
  rpcUrl = url || PUBLIC_SOLANA_RPC_URL;
}

export function solanaRpcUrl(): string {
  return rpcUrl;
}
