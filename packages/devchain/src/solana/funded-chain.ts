import {
  type Address,
  address,
  type Commitment,
  createSolanaRpc,
  generateKeyPairSigner,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { afterAll, beforeAll } from 'vitest';
import { associatedTokenAccount, type SolanaDevChain, startSolanaDevChain } from './index.ts';

// The Solana dev chain's tests' set-up and reads.

export type Rpc = ReturnType<typeof createSolanaRpc>;

export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const SIGNATURE_FEE = 5000n;

export async function statuses(rpc: Rpc, signatures: Signature[]) {
  return (await rpc.getSignatureStatuses(signatures).send()).value;
}

export async function solBalance(rpc: Rpc, owner: Address, commitment: Commitment = 'confirmed') {
  return (await rpc.getBalance(owner, { commitment }).send()).value;
}

export async function usdtBalance(rpc: Rpc, owner: Address, mint: Address) {
  return (await rpc.getTokenAccountBalance(await associatedTokenAccount(owner, mint)).send()).value.uiAmountString;
}

/** A raw JSON-RPC exchange, for what kit hides: batches and error objects. */
export async function rawRpc(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** A chain with a sender holding 2 SOL and 100 USDT and a receiver with nothing yet. */
export interface FundedChain {
  chain: SolanaDevChain;
  rpc: Rpc;
  usdt: Address;
  sender: KeyPairSigner;
  receiver: Address;
}

/** Starts a funded chain before the file's tests and stops it after them; its fields are set once started. */
export function useFundedChain(): FundedChain {
  const dev = {} as FundedChain;
  beforeAll(async () => {
    dev.chain = await startSolanaDevChain();
    dev.rpc = createSolanaRpc(dev.chain.rpcUrl);
    dev.usdt = address(dev.chain.usdtMint);
    dev.sender = await generateKeyPairSigner();
    dev.receiver = (await generateKeyPairSigner()).address;
    await dev.chain.fund(dev.sender.address, { sol: '2', usdt: '100' });
  });
  afterAll(() => dev.chain?.close());
  return dev;
}
