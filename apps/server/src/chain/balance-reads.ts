/**
 * What a batched balance read of a chain answers (chain/evm/evm-balances.ts, chain/solana/solana-balances.ts):
 * base units per address and currency, read at one block (or from one slot on), and the addresses that could not
 * be read, each with why. An address left unread is never counted as empty.
 */
export interface BalanceRead {
  /** The block (BNB Smart Chain) or the first slot (Solana) every balance was read at. */
  at: bigint;
  /** Solana: the last slot a chunk was read at, when the chunks did not all read at `at`. */
  atLast?: bigint;
  /** address → currency → base units; only addresses that were read. */
  balances: Map<string, Map<string, bigint>>;
  unread: { address: string; error: string }[];
}

/** A token to read: native (contract null) or a token contract / SPL mint. */
export interface ReadToken {
  currency: string;
  contract: string | null;
  decimals: number;
}

/** How hard a read tries: calls per batch, attempts per batch, each attempt's time limit and the whole read's. */
export interface ReadLimits {
  /** BNB Smart Chain: calls per Multicall3 aggregate3 (each `eth_call`). */
  evmCallsPerBatch: number;
  /** Solana: keys per getMultipleAccounts (the RPC's own limit is 100). */
  solanaKeysPerCall: number;
  attempts: number;
  timeoutMs: number;
  /** Every chain of a report together: what is not read by then is left unread, so the report ends in time. */
  deadlineMs: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  evmCallsPerBatch: 500,
  solanaKeysPerCall: 100,
  attempts: 3,
  timeoutMs: 10_000,
  deadlineMs: 20_000,
};

/**
 * A signal that aborts after `ms` with an error saying so (what was not read by then is named with it); `done`
 * clears its timer once the reads are over.
 */
export function readDeadline(ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`not read within ${ms / 1000} s, the report's time for chain reads`)),
    ms,
  );
  return { signal: controller.signal, done: () => clearTimeout(timer) };
}

/** `promise`, or the signal's reason as soon as it aborts (the call itself then ends by its own time limit). */
export function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Why a call failed, in one short line (an RPC's answer can be a page of HTML). */
export function shortError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  // viem's short message says what failed ("RPC Request failed."), its details what the RPC answered.
  const { shortMessage, details } = error as { shortMessage?: string; details?: string };
  const text = shortMessage ? (details ? `${shortMessage} ${details}` : shortMessage) : error.message;
  return text.split('\n')[0]?.slice(0, 200) ?? 'unknown error';
}

/**
 * Runs `attempt` up to `attempts` times, waiting 100 ms, 200 ms, 400 ms… between (a 429 asks for a pause); once
 * `signal` aborts, no attempt starts or is waited for: its reason is thrown.
 */
export async function withRetries<T>(attempts: number, attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    signal?.throwIfAborted();
    try {
      return await untilAborted(attempt(), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      last = error;
      if (i + 1 < attempts) await untilAborted(new Promise((resolve) => setTimeout(resolve, 100 * 2 ** i)), signal);
    }
  }
  throw last;
}

export function addBalance(read: BalanceRead['balances'], address: string, currency: string, amount: bigint) {
  let of = read.get(address);
  if (!of) {
    of = new Map();
    read.set(address, of);
  }
  of.set(currency, (of.get(currency) ?? 0n) + amount);
}
