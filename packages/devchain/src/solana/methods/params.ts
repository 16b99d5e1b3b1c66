import { type Address, getBase58Encoder, getBase64Encoder, isAddress, type ReadonlyUint8Array } from '@solana/kit';
import type { RenderOptions, TransactionEncoding } from '../encoding.ts';
import type { TransactionRecord } from '../ledger-store.ts';
import { invalidParams, RpcError, RpcErrorCode } from '../rpc-error.ts';
import type { Commitment, LocalValidator } from '../validator.ts';

export type Params = readonly unknown[];
export type Config = Readonly<Record<string, unknown>>;

/** The agave release whose RPC answers these methods imitate; reported by getVersion and in every context. */
export const SOLANA_CORE_VERSION = '2.3.0';

const COMMITMENTS: readonly Commitment[] = ['processed', 'confirmed', 'finalized'];
const TRANSACTION_ENCODINGS: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base58', 'base64'];

export function addressParam(params: Params, index: number): Address {
  const value = params[index];
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function stringParam(params: Params, index: number, name: string): string {
  const value = params[index];
  if (typeof value !== 'string') throw invalidParams(`Invalid param: ${name} must be a string`);
  return value;
}

export function integerParam(params: Params, index: number, name: string): number {
  const value = params[index];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid param: ${name} must be a non-negative integer`);
  }
  return value;
}

/** An optional configuration object; absent or null reads as empty. */
export function configParam(params: Params, index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(`Invalid params: expected a configuration object at position ${index}`);
  }
  return value as Config;
}

export function optionParam<T extends string>(config: Config, key: string, allowed: readonly T[], fallback: T): T {
  const value = config[key] ?? fallback;
  const option = allowed.find((candidate) => candidate === value);
  if (option === undefined) throw invalidParams(`Invalid param: unsupported ${key} ${JSON.stringify(value)}`);
  return option;
}

/**
 * The slot a query sees at the requested commitment. Like the real RPC the default is 'finalized' (kit's clients
 * send 'confirmed' unless told otherwise). History methods refuse 'processed', as agave does.
 */
export function querySlot(validator: LocalValidator, config: Config, historyMethod = false): number {
  const commitment = optionParam(config, 'commitment', COMMITMENTS, 'finalized');
  if (historyMethod && commitment === 'processed') {
    throw invalidParams('Method does not support commitment below `confirmed`');
  }
  const slot = validator.slotFor(commitment);
  const { minContextSlot } = config;
  if (typeof minContextSlot === 'number' && minContextSlot > slot) {
    throw new RpcError(RpcErrorCode.minContextSlotNotReached, 'Minimum context slot has not been reached', {
      contextSlot: slot,
    });
  }
  return slot;
}

export function withContext(
  slot: number,
  value: unknown,
): { context: { apiVersion: string; slot: number }; value: unknown } {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot }, value };
}

/** The transaction parameter of sendTransaction/simulateTransaction; base58 is the RPC's default encoding. */
export function wireTransactionParam(params: Params, config: Config): ReadonlyUint8Array {
  const encoded = stringParam(params, 0, 'transaction');
  const encoding = optionParam(config, 'encoding', ['base58', 'base64'], 'base58');
  try {
    return encoding === 'base64' ? getBase64Encoder().encode(encoded) : getBase58Encoder().encode(encoded);
  } catch {
    throw invalidParams(`invalid ${encoding} encoding of the transaction`);
  }
}

export function renderOptions(config: Config, details: RenderOptions['details']): RenderOptions {
  const encoding = optionParam(config, 'encoding', TRANSACTION_ENCODINGS, 'json');
  const maxVersion = config.maxSupportedTransactionVersion;
  if (maxVersion !== undefined && maxVersion !== null && maxVersion !== 0) {
    throw invalidParams('Invalid param: maxSupportedTransactionVersion must be 0');
  }
  return { encoding, details, withVersion: maxVersion === 0 };
}

/** Clients that did not opt into versioned transactions get agave's error instead of a shape they cannot read. */
export function assertVersionsSupported(records: readonly TransactionRecord[], options: RenderOptions): void {
  if (options.withVersion || records.every((record) => record.transaction.version === 'legacy')) return;
  throw new RpcError(
    RpcErrorCode.unsupportedTransactionVersion,
    'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
  );
}
