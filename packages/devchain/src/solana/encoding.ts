import { type Address, getBase58Decoder, getBase64Decoder, type ReadonlyUint8Array } from '@solana/kit';
import type { AccountState } from './account-history.ts';
import { parseInstruction } from './instruction-parser.ts';
import type { TransactionRecord } from './ledger-store.ts';
import { RpcError, RpcErrorCode } from './rpc-error.ts';
import { decodeMint, decodeTokenAccount, mintInfo, TOKEN_PROGRAM_NAMES, tokenAccountInfo } from './token-accounts.ts';
import { type CompiledInstructionRecord, isSigner, isWritable } from './wire-transaction.ts';

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed';
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64';

export interface DataSlice {
  offset: number;
  length: number;
}

/** Rent-exempt accounts report u64::MAX as their rent epoch. */
const RENT_EXEMPT_RENT_EPOCH = 18446744073709551615n;
const MAX_BASE58_BYTES = 128;

const base58 = getBase58Decoder();
const base64 = getBase64Decoder();

export function encodeAccount(
  state: AccountState,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  readAccount: (address: Address) => AccountState | null,
): Record<string, unknown> {
  return {
    data: encodeAccountData(state, encoding, dataSlice, readAccount),
    executable: state.executable,
    lamports: state.lamports,
    owner: state.owner,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    space: state.data.length,
  };
}

function encodeAccountData(
  state: AccountState,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  readAccount: (address: Address) => AccountState | null,
): unknown {
  if (encoding === 'jsonParsed') {
    // Like the RPC, fall back to base64 for accounts there is no parser for.
    return parseAccountData(state, readAccount) ?? [base64.decode(state.data), 'base64'];
  }
  const data = dataSlice ? state.data.slice(dataSlice.offset, dataSlice.offset + dataSlice.length) : state.data;
  if (encoding === 'base64') return [base64.decode(data), 'base64'];
  if (data.length > MAX_BASE58_BYTES) {
    throw new RpcError(
      RpcErrorCode.invalidRequest,
      'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    );
  }
  // 'binary' is the legacy default: a bare base58 string instead of a [data, encoding] pair.
  return encoding === 'binary' ? base58.decode(data) : [base58.decode(data), 'base58'];
}

function parseAccountData(
  state: AccountState,
  readAccount: (address: Address) => AccountState | null,
): Record<string, unknown> | null {
  const program = TOKEN_PROGRAM_NAMES.get(state.owner);
  if (!program) return null;
  const mint = decodeMint(state);
  if (mint) return { program, parsed: { type: 'mint', info: mintInfo(mint) }, space: state.data.length };
  const token = decodeTokenAccount(state);
  const decimals = token && decodeMint(readAccount(token.mint))?.decimals;
  if (!token || decimals === undefined || decimals === null) return null;
  return { program, parsed: { type: 'account', info: tokenAccountInfo(token, decimals) }, space: state.data.length };
}

export interface RenderOptions {
  encoding: TransactionEncoding;
  /** 'accounts' is the reduced form getBlock returns for transactionDetails: 'accounts'. */
  details: 'full' | 'accounts';
  /** Whether the client sent maxSupportedTransactionVersion, which adds `version` and `loadedAddresses`. */
  withVersion: boolean;
}

/** A transaction with its status meta, in the shape of getTransaction and getBlock (without slot/blockTime). */
export function renderTransaction(record: TransactionRecord, options: RenderOptions): Record<string, unknown> {
  const rendered: Record<string, unknown> =
    options.details === 'accounts'
      ? {
          transaction: { accountKeys: parsedAccountKeys(record), signatures: record.transaction.signatures },
          meta: balanceMeta(record),
        }
      : { transaction: renderFullTransaction(record, options.encoding), meta: fullMeta(record, options) };
  if (options.withVersion) rendered.version = record.transaction.version;
  return rendered;
}

function renderFullTransaction(record: TransactionRecord, encoding: TransactionEncoding): unknown {
  const { transaction } = record;
  if (encoding === 'base64') return [base64.decode(transaction.wire), 'base64'];
  if (encoding === 'base58') return [base58.decode(transaction.wire), 'base58'];
  const lookups = transaction.version === 0 ? { addressTableLookups: [] } : {};
  if (encoding === 'jsonParsed') {
    return {
      signatures: transaction.signatures,
      message: {
        accountKeys: parsedAccountKeys(record),
        recentBlockhash: transaction.recentBlockhash,
        instructions: transaction.instructions.map((instruction) => parsedInstruction(record, instruction)),
        ...lookups,
      },
    };
  }
  return {
    signatures: transaction.signatures,
    message: {
      header: transaction.header,
      accountKeys: transaction.accountKeys,
      recentBlockhash: transaction.recentBlockhash,
      instructions: transaction.instructions.map(compiledInstruction),
      ...lookups,
    },
  };
}

function parsedAccountKeys(record: TransactionRecord): Record<string, unknown>[] {
  const { accountKeys, header } = record.transaction;
  return accountKeys.map((pubkey, index) => ({
    pubkey,
    signer: isSigner(header, index),
    source: 'transaction',
    writable: isWritable(header, accountKeys.length, index),
  }));
}

function compiledInstruction(instruction: CompiledInstructionRecord): Record<string, unknown> {
  return { ...instruction, data: base58.decode(instruction.data) };
}

function parsedInstruction(record: TransactionRecord, instruction: CompiledInstructionRecord): Record<string, unknown> {
  const keys = record.transaction.accountKeys;
  // The runtime sanitised the transaction before it was recorded, so every index points into the keys.
  const keyAt = (index: number) => keys[index] ?? ('' as Address);
  return parseInstruction(
    keyAt(instruction.programIdIndex),
    instruction.accounts.map(keyAt),
    instruction.data,
    instruction.stackHeight,
  );
}

function balanceMeta(record: TransactionRecord): Record<string, unknown> {
  const { meta } = record;
  return {
    err: meta.err,
    status: meta.err === null ? { Ok: null } : { Err: meta.err },
    fee: meta.fee,
    preBalances: meta.preBalances,
    postBalances: meta.postBalances,
    preTokenBalances: meta.preTokenBalances,
    postTokenBalances: meta.postTokenBalances,
  };
}

function fullMeta(record: TransactionRecord, options: RenderOptions): Record<string, unknown> {
  const { meta } = record;
  const renderInner =
    options.encoding === 'jsonParsed'
      ? (instruction: CompiledInstructionRecord) => parsedInstruction(record, instruction)
      : compiledInstruction;
  return {
    ...balanceMeta(record),
    innerInstructions: meta.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: instructions.map(renderInner),
    })),
    logMessages: meta.logMessages,
    rewards: [],
    computeUnitsConsumed: meta.computeUnitsConsumed,
    ...(options.withVersion && { loadedAddresses: { readonly: [], writable: [] } }),
    ...(meta.returnData && { returnData: encodeReturnData(meta.returnData) }),
  };
}

export function encodeReturnData(returnData: {
  programId: Address;
  data: ReadonlyUint8Array;
}): Record<string, unknown> {
  return { programId: returnData.programId, data: [base64.decode(returnData.data), 'base64'] };
}
