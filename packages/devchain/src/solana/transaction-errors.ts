import type { FailedTransactionMetadata } from 'litesvm';
import {
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
} from 'litesvm/dist/internal.js';

export type InstructionErrorJson = string | { Custom: number } | { BorshIoError: string };

/** A transaction error as the RPC serialises agave's `TransactionError` (serde's externally tagged enum). */
export type TransactionErrorJson =
  | string
  | { InstructionError: [number, InstructionErrorJson] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } };

// litesvm's fieldless variants are `const enum`s, which isolated modules cannot read; these follow their order.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

type LiteSvmTransactionError = ReturnType<FailedTransactionMetadata['err']>;
type LiteSvmInstructionError = ReturnType<TransactionErrorInstructionError['err']>;

export function transactionErrorJson(error: LiteSvmTransactionError): TransactionErrorJson {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? `UnknownTransactionError${error}`;
  if (error instanceof TransactionErrorInstructionError) {
    return { InstructionError: [error.index, instructionErrorJson(error.err())] };
  }
  if (error instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: error.index };
  if (error instanceof TransactionErrorInsufficientFundsForRent) {
    return { InsufficientFundsForRent: { account_index: error.accountIndex } };
  }
  return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } };
}

function instructionErrorJson(error: LiteSvmInstructionError): InstructionErrorJson {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? `UnknownInstructionError${error}`;
  if (error instanceof InstructionErrorCustom) return { Custom: error.code };
  return { BorshIoError: error.msg };
}

/** The text agave prints for the common errors, used in preflight failure messages. */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') {
    const known: Record<string, string> = {
      AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
      AlreadyProcessed: 'This transaction has already been processed',
      BlockhashNotFound: 'Blockhash not found',
      InsufficientFundsForFee: 'Insufficient funds for fee',
    };
    return known[error] ?? error;
  }
  if ('InstructionError' in error) {
    const [index, cause] = error.InstructionError;
    const detail =
      typeof cause === 'string'
        ? cause
        : 'Custom' in cause
          ? `custom program error: 0x${cause.Custom.toString(16)}`
          : `Borsh IO error: ${cause.BorshIoError}`;
    return `Error processing Instruction ${index}: ${detail}`;
  }
  if ('InsufficientFundsForRent' in error) {
    return `Transaction results in an account (${error.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  }
  return JSON.stringify(error);
}
