import type { Address } from '@solana/kit';
import type { AccountState } from '../account-history.ts';
import { type AccountEncoding, encodeAccount, encodeReturnData, renderTransaction } from '../encoding.ts';
import { memoText } from '../instruction-parser.ts';
import type { TransactionRecord } from '../ledger-store.ts';
import { invalidParams, RpcError, RpcErrorCode } from '../rpc-error.ts';
import type { RpcMethod } from '../rpc-server.ts';
import { describeTransactionError } from '../transaction-errors.ts';
import type { FailedExecutionReport, LocalValidator, SimulationResult } from '../validator.ts';
import {
  addressParam,
  assertVersionsSupported,
  type Config,
  configParam,
  optionParam,
  querySlot,
  renderOptions,
  stringParam,
  wireTransactionParam,
  withContext,
} from './params.ts';

const MAX_STATUS_SIGNATURES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

export function transactionMethods(validator: LocalValidator): Record<string, RpcMethod> {
  /** simulateTransaction's `accounts` option: the listed accounts as the transaction would leave them. */
  const simulatedAccounts = (config: Config, result: SimulationResult): unknown[] | null => {
    if (config.accounts === undefined || config.accounts === null) return null;
    const accounts = config.accounts as Config;
    const addresses = Array.isArray(accounts.addresses) ? accounts.addresses : [];
    const encoding = optionParam<AccountEncoding>(accounts, 'encoding', ['base64', 'jsonParsed'], 'base64');
    const read = (address: Address): AccountState | null => {
      const state = result.postAccounts.get(address) ?? validator.account(address, validator.tipSlot);
      return state && state.lamports > 0n ? state : null;
    };
    return addresses.map((_, index) => {
      const state = read(addressParam(addresses, index));
      return state && encodeAccount(state, encoding, undefined, read);
    });
  };

  return {
    sendTransaction: (params) => {
      const config = configParam(params, 1);
      const wire = wireTransactionParam(params, config);
      const { signature, preflightFailure } = validator.sendTransaction(wire, config.skipPreflight === true);
      if (preflightFailure) throw preflightError(preflightFailure);
      return signature;
    },

    // Simulation always runs against the newest state: litesvm cannot execute against an older slot.
    simulateTransaction: (params) => {
      const config = configParam(params, 1);
      const wire = wireTransactionParam(params, config);
      const sigVerify = config.sigVerify === true;
      const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
      if (sigVerify && replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      }
      const slot = validator.tipSlot;
      const result = validator.simulateTransaction(wire, sigVerify, replaceRecentBlockhash);
      return withContext(slot, {
        err: result.err,
        logs: result.logs,
        accounts: simulatedAccounts(config, result),
        unitsConsumed: result.unitsConsumed,
        returnData: result.returnData && encodeReturnData(result.returnData),
        innerInstructions: null,
        replacementBlockhash: replaceRecentBlockhash ? validator.blockhashAt(slot) : null,
      });
    },

    getSignatureStatuses: (params) => {
      const signatures = params[0];
      if (!Array.isArray(signatures) || signatures.length > MAX_STATUS_SIGNATURES) {
        throw invalidParams(`Invalid param: expected an array of at most ${MAX_STATUS_SIGNATURES} signatures`);
      }
      const tip = validator.tipSlot;
      return withContext(
        tip,
        signatures.map((_, index) => {
          const record = validator.ledger.transaction(stringParam(signatures, index, 'signature'));
          if (!record) return null;
          const confirmationStatus = validator.commitmentOf(record.slot);
          return {
            slot: record.slot,
            // Rooted (finalized) transactions report null, as agave does.
            confirmations: confirmationStatus === 'finalized' ? null : tip - record.slot,
            err: record.meta.err,
            status: record.meta.err === null ? { Ok: null } : { Err: record.meta.err },
            confirmationStatus,
          };
        }),
      );
    },

    getTransaction: (params) => {
      const signature = stringParam(params, 0, 'signature');
      const config = configParam(params, 1);
      const slot = querySlot(validator, config, true);
      const record = validator.ledger.transaction(signature);
      if (!record || record.slot > slot) return null;
      const options = renderOptions(config, 'full');
      assertVersionsSupported([record], options);
      return { slot: record.slot, blockTime: record.blockTime, ...renderTransaction(record, options) };
    },

    getSignaturesForAddress: (params) => {
      const address = addressParam(params, 0);
      const config = configParam(params, 1);
      const slot = querySlot(validator, config, true);
      const limit = config.limit ?? MAX_SIGNATURES_FOR_ADDRESS;
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
        throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
      }
      // As agave: `before` and `until` name any known transaction (of this address or not) and bound by its
      // place in the ledger; an unknown `before` answers nothing, an unknown `until` does not bound.
      const position = (record: TransactionRecord) => [record.slot, positionInBlock(validator, record)] as const;
      const older = (a: readonly [number, number], b: readonly [number, number]) =>
        a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
      const before = config.before === undefined ? undefined : validator.ledger.transaction(String(config.before));
      if (config.before !== undefined && !before) return [];
      const until = config.until === undefined ? undefined : validator.ledger.transaction(String(config.until));
      const found: Record<string, unknown>[] = [];
      // Newest first, strictly older than `before`, strictly newer than `until`.
      for (const record of [...validator.ledger.transactionsFor(address)].reverse()) {
        if (found.length === limit) break;
        if (record.slot > slot) continue;
        if (before && !older(position(record), position(before))) continue;
        if (until && !older(position(until), position(record))) break;
        found.push({
          signature: record.signature,
          slot: record.slot,
          err: record.meta.err,
          memo: memoOf(record),
          blockTime: record.blockTime,
          confirmationStatus: validator.commitmentOf(record.slot),
        });
      }
      return found;
    },
  };
}

function preflightError(report: FailedExecutionReport): RpcError {
  if (report.err === 'SignatureFailure') {
    return new RpcError(
      RpcErrorCode.transactionSignatureVerificationFailure,
      'Transaction signature verification failure',
    );
  }
  return new RpcError(
    RpcErrorCode.sendTransactionPreflightFailure,
    `Transaction simulation failed: ${describeTransactionError(report.err)}`,
    {
      err: report.err,
      logs: report.logs,
      accounts: null,
      unitsConsumed: report.unitsConsumed,
      returnData: report.returnData && encodeReturnData(report.returnData),
      innerInstructions: null,
      replacementBlockhash: null,
    },
  );
}

/** Where a transaction sits in its block: orders transactions of one slot. */
function positionInBlock(validator: LocalValidator, record: TransactionRecord): number {
  return validator.ledger.block(record.slot)?.transactions.indexOf(record) ?? 0;
}

/** getSignaturesForAddress's memo field: every memo as "[byte length] text", joined by "; ". */
function memoOf(record: TransactionRecord): string | null {
  const { accountKeys, instructions } = record.transaction;
  const memos = instructions.flatMap((instruction) => {
    const text = memoText(accountKeys[instruction.programIdIndex], instruction.data);
    return text === null ? [] : [`[${instruction.data.length}] ${text}`];
  });
  return memos.length > 0 ? memos.join('; ') : null;
}
