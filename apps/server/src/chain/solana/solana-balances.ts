import { type Address, address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import {
  addBalance,
  type BalanceRead,
  type ReadLimits,
  type ReadToken,
  shortError,
  withRetries,
} from '../balance-reads.ts';

const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');

interface RpcAccount {
  lamports: number | string;
  owner: string;
  data: [string, string];
}
interface MultipleAccounts {
  context: { slot: number };
  value: (RpcAccount | null)[];
}

/**
 * One JSON-RPC call with a time limit, ended early when `signal` aborts (the report's deadline); an HTTP error (a
 * 429) or a JSON-RPC error throws.
 */
async function rpcCall<T>(
  rpcUrl: string,
  method: string,
  params: unknown[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<T> {
  const limit = AbortSignal.timeout(timeoutMs);
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: signal ? AbortSignal.any([limit, signal]) : limit,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} from the Solana RPC`);
  const answer = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (answer.error) throw new Error(`${answer.error.message} (${answer.error.code})`);
  return answer.result as T;
}

/**
 * Balances on Solana of `owners`: SOL (the owner account's lamports) and each SPL token (its associated token
 * account's amount), with getMultipleAccounts at commitment 'finalized' (what the deposit watcher credits), up to
 * `solanaKeysPerCall` keys a call. One call reads all its keys at one slot; Solana keeps no past state to read
 * later calls at the same slot, so every call after the first asks `minContextSlot` = the first call's slot: no
 * key is read older than the first, and the report names the first and the last slot (`at`, `atLast`).
 * A key still unread after its attempts, or when `signal` aborts, leaves its owner unread; a missing account reads as zero, as it holds
 * nothing. Token accounts are the associated ones (what wallets send to; a deposit to another is not credited).
 */
export async function readSolanaBalances(
  rpcUrl: string,
  p: { owners: string[]; tokens: ReadToken[]; limits: ReadLimits; signal?: AbortSignal },
): Promise<BalanceRead> {
  const call = (keys: string[], minContextSlot?: number) =>
    withRetries(
      p.limits.attempts,
      () =>
        rpcCall<MultipleAccounts>(
          rpcUrl,
          'getMultipleAccounts',
          [keys, { commitment: 'finalized', encoding: 'base64', ...(minContextSlot ? { minContextSlot } : {}) }],
          p.limits.timeoutMs,
          p.signal,
        ),
      p.signal,
    );

  // The mints first, in one call: a mint's owning program (SPL Token or Token-2022) seeds its associated accounts.
  const splTokens = p.tokens.filter((t) => t.contract !== null);
  const native = p.tokens.find((t) => t.contract === null);
  const first = await call(splTokens.map((t) => t.contract as string));
  const firstSlot = first.context.slot;
  const programs = new Map<string, Address>();
  splTokens.forEach((token, i) => {
    const mint = first.value[i];
    if (mint) programs.set(token.contract as string, address(mint.owner));
  });

  // Every key to read with what it tells: an owner's lamports, or an owner's token account in a currency.
  const encoder = getAddressEncoder();
  const keys: { key: string; owner: string; token: ReadToken }[] = [];
  for (const owner of p.owners) {
    if (native) keys.push({ key: owner, owner, token: native });
    for (const token of splTokens) {
      const program = programs.get(token.contract as string);
      if (!program) continue; // no such mint on this chain: nothing can be held in it
      const [account] = await getProgramDerivedAddress({
        programAddress: ASSOCIATED_TOKEN_PROGRAM,
        seeds: [
          encoder.encode(address(owner)),
          encoder.encode(program),
          encoder.encode(address(token.contract as string)),
        ],
      });
      keys.push({ key: account, owner, token });
    }
  }

  const read: BalanceRead = { at: BigInt(firstSlot), balances: new Map(), unread: [] };
  const unreadOwners = new Map<string, string>();
  let lastSlot = firstSlot;
  const decoder = getAddressDecoder();
  for (let at = 0; at < keys.length; at += p.limits.solanaKeysPerCall) {
    const chunk = keys.slice(at, at + p.limits.solanaKeysPerCall);
    try {
      const answer = await call(
        chunk.map((k) => k.key),
        firstSlot,
      );
      lastSlot = Math.max(lastSlot, answer.context.slot);
      chunk.forEach((k, i) => {
        const account = answer.value[i];
        if (!account) return;
        if (k.token.contract === null) {
          addBalance(read.balances, k.owner, k.token.currency, BigInt(account.lamports));
          return;
        }
        const data = Buffer.from(account.data[0], 'base64');
        // An SPL token account: mint (32 bytes), owner (32), amount (u64, little-endian).
        if (data.length < 72) return;
        const mint = decoder.decode(data.subarray(0, 32));
        const holder = decoder.decode(data.subarray(32, 64));
        if (mint !== k.token.contract || holder !== k.owner) return;
        addBalance(read.balances, k.owner, k.token.currency, data.readBigUInt64LE(64));
      });
    } catch (error) {
      for (const k of chunk) unreadOwners.set(k.owner, shortError(error));
    }
  }
  for (const [owner, error] of unreadOwners) {
    read.balances.delete(owner); // half an owner's balances would read as a shortfall
    read.unread.push({ address: owner, error });
  }
  if (lastSlot !== firstSlot) read.atLast = BigInt(lastSlot);
  return read;
}
