/** JSON-RPC error codes, with the server codes the Solana RPC uses. */
export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  sendTransactionPreflightFailure: -32002,
  transactionSignatureVerificationFailure: -32003,
  blockNotAvailable: -32004,
  slotSkipped: -32007,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const;

/** Thrown by RPC methods; the server turns it into a JSON-RPC error object. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function invalidParams(message: string): RpcError {
  return new RpcError(RpcErrorCode.invalidParams, message);
}
