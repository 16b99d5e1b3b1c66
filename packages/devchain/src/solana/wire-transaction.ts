import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit';
import { invalidParams } from './rpc-error.ts';

/** Largest serialised transaction a cluster accepts (one UDP packet). */
const PACKET_DATA_SIZE = 1232;
/** How an all-zero (missing) signature reads in base58. */
const EMPTY_SIGNATURE = '1111111111111111111111111111111111111111111111111111111111111111';

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

export interface CompiledInstructionRecord {
  programIdIndex: number;
  accounts: number[];
  data: ReadonlyUint8Array;
  /** null for top-level instructions, as the RPC reports them; 2+ for CPIs. */
  stackHeight: number | null;
}

export interface DecodedTransaction {
  wire: ReadonlyUint8Array;
  /** The form litesvm executes. */
  transaction: Transaction;
  /** The first signature, which identifies the transaction. */
  signature: string;
  signatures: string[];
  fullySigned: boolean;
  version: 'legacy' | 0;
  header: MessageHeader;
  accountKeys: Address[];
  recentBlockhash: string;
  instructions: CompiledInstructionRecord[];
}

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58 = getBase58Decoder();

export function decodeWireTransaction(wire: ReadonlyUint8Array): DecodedTransaction {
  if (wire.length > PACKET_DATA_SIZE) {
    throw invalidParams(`transaction too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  let transaction: Transaction;
  let message: ReturnType<typeof messageDecoder.decode>;
  try {
    transaction = transactionDecoder.decode(wire);
    message = messageDecoder.decode(transaction.messageBytes);
  } catch (error) {
    throw invalidParams(`failed to deserialize transaction: ${error instanceof Error ? error.message : error}`);
  }
  if (message.version === 1) throw invalidParams('unsupported transaction version: 1');
  // Resolving lookup tables would need the table accounts at execution time; no client of this repo uses them.
  if (message.version === 0 && (message.addressTableLookups?.length ?? 0) > 0) {
    throw invalidParams('address lookup tables are not supported by the dev chain');
  }
  const signatureBytes = Object.values(transaction.signatures);
  const signatures = signatureBytes.map((bytes) => (bytes ? base58.decode(bytes) : EMPTY_SIGNATURE));
  const [signature] = signatures;
  if (!signature) throw invalidParams('transaction has no signatures');
  return {
    wire,
    transaction,
    signature,
    signatures,
    fullySigned: signatureBytes.every((bytes) => bytes !== null),
    version: message.version,
    header: {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    },
    accountKeys: message.staticAccounts,
    recentBlockhash: message.lifetimeToken,
    instructions: message.instructions.map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: instruction.accountIndices ?? [],
      data: instruction.data ?? new Uint8Array(),
      stackHeight: null,
    })),
  };
}

export function isSigner(header: MessageHeader, index: number): boolean {
  return index < header.numRequiredSignatures;
}

export function isWritable(header: MessageHeader, keyCount: number, index: number): boolean {
  return index < header.numRequiredSignatures
    ? index < header.numRequiredSignatures - header.numReadonlySignedAccounts
    : index < keyCount - header.numReadonlyUnsignedAccounts;
}
