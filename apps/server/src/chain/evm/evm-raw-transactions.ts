import {
  BaseError,
  type Hex,
  keccak256,
  type PublicClient,
  parseTransaction,
  RpcRequestError,
  TransactionReceiptNotFoundError,
} from 'viem';

/** A mined transaction's outcome; `fee` is the BNB it burnt, in wei (gas used × effective gas price). */
export interface MinedReceipt {
  success: boolean;
  blockNumber: bigint;
  fee: bigint;
}

// Messages nodes give when the same transaction (or its nonce) is already in; the receipt then tells the rest.
const ALREADY_SENT = /already known|known transaction|nonce too low|nonce has already been used|already imported/i;

// Refusals that pass or that concern the sender rather than these bytes: their turn comes again next tick.
const PASSING =
  /funds|nonce too high|gapped|future|underpriced|too low for the next block|fee too low|gas price too low|txpool is full|rate limit|too many requests|busy|timeout|try again/i;

// An RPC asking for a pause, whatever its words: EIP-1474's "limit exceeded", HTTP's 429 given as the JSON-RPC code,
// and an HTTP answer of 429 whatever error its body names (viem keeps that body's RPC error, with the status).
const PASSING_CODES = new Set([-32005, 429]);
const asksForPause = (e: unknown) =>
  PASSING_CODES.has((e as { code?: unknown }).code as number) || (e as { status?: unknown }).status === 429;

function errorText(error: unknown): string {
  return error instanceof BaseError ? `${error.shortMessage} ${error.details ?? ''}` : String(error);
}

/**
 * An automining dev node (Hardhat) mines a reverting transaction and still answers its sending with the revert,
 * naming the hash; a real node accepts it and the receipt tells. Either way it is on chain.
 */
function minedDespiteError(error: unknown, hash: Hex): boolean {
  if (!(error instanceof BaseError)) return false;
  return error.walk((e) => (e as { data?: { txHash?: unknown } }).data?.txHash === hash) !== null;
}

/**
 * Sending bytes signed beforehand and following them, the same for payouts and the treasury's sweeps: a node that
 * already has the bytes (or mined them) counts as sent; a failed broadcast is 'retry' when the cause is passing or
 * not the bytes' own (the network, no gas money, an earlier nonce not in yet, a price a bump will raise) and
 * 'refused' when the node refuses these very bytes, which sending again cannot change.
 */
export function evmRawTransactions(client: PublicClient) {
  return {
    gasPriceOf: (raw: Hex) => parseTransaction(raw).gasPrice ?? 0n,
    async broadcast(raw: Hex): Promise<void> {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        if (ALREADY_SENT.test(errorText(error)) || minedDespiteError(error, keccak256(raw))) return;
        throw error;
      }
    },
    broadcastFailure(error: unknown): 'retry' | 'refused' {
      // Only a node's own answer about the bytes is a refusal; no answer (HTTP, timeout) says nothing of them.
      if (!(error instanceof BaseError)) return 'retry';
      const answered = error.walk((e) => e instanceof RpcRequestError) !== null;
      const pause = error.walk(asksForPause) !== null;
      return !answered || pause || PASSING.test(errorText(error)) ? 'retry' : 'refused';
    },
    async receipt(hash: Hex): Promise<MinedReceipt | null> {
      try {
        const r = await client.getTransactionReceipt({ hash });
        return { success: r.status === 'success', blockNumber: r.blockNumber, fee: r.gasUsed * r.effectiveGasPrice };
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
    },
  };
}
