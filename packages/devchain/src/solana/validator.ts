import { type Address, type EncodedAccount, getAddressDecoder, lamports, type ReadonlyUint8Array } from '@solana/kit';
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { AccountHistory, type AccountState } from './account-history.ts';
import { transactionFee } from './fees.ts';
import { LedgerStore, type TransactionMetaRecord, type TransactionRecord } from './ledger-store.ts';
import { decodeMint, tokenBalances } from './token-accounts.ts';
import { type TransactionErrorJson, transactionErrorJson } from './transaction-errors.ts';
import { type DecodedTransaction, decodeWireTransaction, isWritable } from './wire-transaction.ts';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

/** A blockhash stays usable for this many blocks (agave's MAX_PROCESSING_AGE). */
export const BLOCKHASH_MAX_AGE = 150;

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

export interface ExecutionReport {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: TransactionMetaRecord['returnData'];
  innerInstructions: TransactionMetaRecord['innerInstructions'];
}

export interface SimulationResult extends ExecutionReport {
  /** Accounts the transaction would write, in the state it would leave them. */
  postAccounts: ReadonlyMap<Address, AccountState>;
}

export type FailedExecutionReport = ExecutionReport & { err: TransactionErrorJson };

export interface SendResult {
  signature: string;
  /** Set when preflight refused the transaction; it was then neither executed nor recorded. */
  preflightFailure: FailedExecutionReport | null;
}

export interface LocalValidatorOptions {
  finalizationDepth: number;
  /** System accounts that exist from genesis, like a test validator's faucet. */
  genesisBalances: { address: Address; lamports: bigint }[];
}

const addressDecoder = getAddressDecoder();

/**
 * litesvm plus what it lacks to look like a cluster: slots with blocks, a blockhash per block valid for
 * BLOCKHASH_MAX_AGE blocks, duplicate detection, commitment levels and the transaction history.
 * Every executed transaction gets a slot of its own; empty slots come from advanceSlots().
 */
export class LocalValidator {
  readonly ledger: LedgerStore;
  private readonly svm: LiteSVM;
  private readonly history = new AccountHistory();
  private readonly finalizationDepth: number;

  constructor(options: LocalValidatorOptions) {
    this.finalizationDepth = options.finalizationDepth;
    this.svm = new LiteSVM()
      // litesvm accepts only its newest blockhash and keeps its own signature history; both checks are done here
      // against the ledger instead, so a blockhash stays valid for 150 blocks as on a real cluster.
      .withBlockhashCheck(false)
      .withTransactionHistory(0n);
    for (const { address, lamports: balance } of options.genesisBalances) {
      this.svm.setAccount({
        address,
        lamports: lamports(balance),
        data: new Uint8Array(),
        programAddress: SYSTEM_PROGRAM,
        executable: false,
        space: 0n,
      });
    }
    const blockTime = this.setClock(0);
    const blockhash = this.svm.latestBlockhash();
    this.ledger = new LedgerStore({
      slot: 0,
      parentSlot: 0,
      blockhash,
      previousBlockhash: blockhash,
      blockTime,
      transactions: [],
    });
  }

  get tipSlot(): number {
    return this.ledger.tip.slot;
  }

  slotFor(commitment: Commitment): number {
    const tip = this.tipSlot;
    if (commitment === 'processed') return tip;
    // A bank, hence a confirmed or rooted slot, is always a block: never a skipped slot.
    const slot = Math.max(tip - (commitment === 'confirmed' ? 1 : this.finalizationDepth), 0);
    return this.ledger.blockAtOrBefore(slot).slot;
  }

  commitmentOf(slot: number): Commitment {
    if (slot <= this.slotFor('finalized')) return 'finalized';
    return slot <= this.slotFor('confirmed') ? 'confirmed' : 'processed';
  }

  /** The blockhash of the block at `slot` and the last block height a transaction using it can land in. */
  blockhashAt(slot: number): { blockhash: string; lastValidBlockHeight: number } {
    const block = this.ledger.block(slot);
    if (!block) throw new Error(`no block at slot ${slot}`);
    // Block height is taken as the slot (a real cluster's is lower by the skipped slots): it only bounds a lifetime.
    return { blockhash: block.blockhash, lastValidBlockHeight: slot + BLOCKHASH_MAX_AGE };
  }

  isBlockhashValid(blockhash: string, atSlot: number): boolean {
    const slot = this.ledger.blockhashSlot(blockhash);
    return slot !== undefined && slot <= atSlot && atSlot - slot <= BLOCKHASH_MAX_AGE;
  }

  /** The account as of the end of `slot` (any slot from the finalized one up to the tip). */
  account(address: Address, slot: number): AccountState | null {
    if (slot >= this.tipSlot) return this.currentAccount(address);
    return this.history.stateAt(address, slot, () => this.currentAccount(address));
  }

  programAccounts(program: Address, slot: number): { address: Address; state: AccountState }[] {
    const found = new Map(this.svm.getProgramAccounts(program).map((account) => [account.address, toState(account)]));
    if (slot < this.tipSlot) {
      for (const address of this.history.changedAfter(slot)) {
        const state = this.account(address, slot);
        if (state?.owner === program) found.set(address, state);
        else found.delete(address);
      }
    }
    return [...found].map(([address, state]) => ({ address, state }));
  }

  rentExemptMinimum(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  advanceSlots(count: number): void {
    for (let produced = 0; produced < count; produced++) {
      const slot = this.tipSlot + 1;
      this.sealSlot(slot, this.setClock(slot), []);
    }
  }

  /**
   * `count` slots pass without a block (their leaders missed them), then one empty block follows them, so the tip
   * is a block as a cluster's newest bank is.
   */
  skipSlots(count: number): void {
    for (let skipped = 0; skipped < count; skipped++) this.ledger.skip();
    const slot = this.tipSlot + count + 1;
    this.sealSlot(slot, this.setClock(slot), []);
  }

  sendTransaction(wire: ReadonlyUint8Array, skipPreflight: boolean): SendResult {
    const transaction = decodeWireTransaction(wire);
    const { signature } = transaction;
    const rejection = this.admissionError(transaction);
    if (!skipPreflight) {
      const report = rejection ? { ...emptyReport(), err: rejection } : this.simulate(transaction, true);
      if (report.err !== null) return { signature, preflightFailure: { ...report, err: report.err } };
    }
    // Without preflight a duplicate, stale or unsigned transaction is accepted and then silently dropped by the
    // leader, as on a real cluster: the client only ever sees it unconfirmed.
    if (!rejection) this.execute(transaction);
    return { signature, preflightFailure: null };
  }

  /** Runs the transaction against the newest state without committing anything. */
  simulateTransaction(wire: ReadonlyUint8Array, sigVerify: boolean, replaceRecentBlockhash: boolean): SimulationResult {
    const transaction = decodeWireTransaction(wire);
    if (!replaceRecentBlockhash && !this.isBlockhashValid(transaction.recentBlockhash, this.tipSlot)) {
      return { ...emptyReport(), err: 'BlockhashNotFound', postAccounts: new Map() };
    }
    return this.simulate(transaction, sigVerify);
  }

  private admissionError(transaction: DecodedTransaction): TransactionErrorJson | null {
    if (!transaction.fullySigned) return 'SignatureFailure';
    if (this.ledger.transaction(transaction.signature)) return 'AlreadyProcessed';
    if (!this.isBlockhashValid(transaction.recentBlockhash, this.tipSlot)) return 'BlockhashNotFound';
    return null;
  }

  private simulate(transaction: DecodedTransaction, sigVerify: boolean): SimulationResult {
    // litesvm's wrapper throws on missing signatures when verifying instead of reporting a failure.
    if (sigVerify && !transaction.fullySigned) {
      return { ...emptyReport(), err: 'SignatureFailure', postAccounts: new Map() };
    }
    this.svm.withSigverify(sigVerify);
    try {
      const result = this.svm.simulateTransaction(transaction.transaction);
      if (result instanceof FailedTransactionMetadata) {
        return { ...report(result.meta(), transactionErrorJson(result.err())), postAccounts: new Map() };
      }
      const postAccounts = new Map(result.postAccounts().map((account) => [account.address, toState(account)]));
      return { ...report(result.meta(), null), postAccounts };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  private execute(transaction: DecodedTransaction): void {
    const slot = this.tipSlot + 1;
    const blockTime = this.setClock(slot);
    const keys = transaction.accountKeys;
    const pre = keys.map((address) => this.currentAccount(address));
    const result = this.svm.sendTransaction(transaction.transaction);
    const post = keys.map((address) => this.currentAccount(address));
    const failed = result instanceof FailedTransactionMetadata;
    // A transaction that fails before its fee is charged (e.g. the fee payer cannot pay) is dropped by a real
    // leader and never reaches a block; one that fails while executing is recorded with its error and fee.
    const feeCharged = (post[0]?.lamports ?? 0n) < (pre[0]?.lamports ?? 0n);
    if (failed && !feeCharged) {
      this.sealSlot(slot, blockTime, []);
      return;
    }
    keys.forEach((address, index) => {
      if (isWritable(transaction.header, keys.length, index)) this.history.record(slot, address, pre[index] ?? null);
    });
    const execution = failed ? report(result.meta(), transactionErrorJson(result.err())) : report(result, null);
    const decimalsOf = (mint: Address) => decodeMint(this.currentAccount(mint))?.decimals;
    const record: TransactionRecord = {
      signature: transaction.signature,
      slot,
      blockTime,
      transaction,
      meta: {
        err: execution.err,
        fee: transactionFee(transaction),
        preBalances: pre.map((state) => state?.lamports ?? 0n),
        postBalances: post.map((state) => state?.lamports ?? 0n),
        preTokenBalances: tokenBalances(pre, decimalsOf),
        postTokenBalances: tokenBalances(post, decimalsOf),
        logMessages: execution.logs,
        innerInstructions: execution.innerInstructions,
        computeUnitsConsumed: execution.unitsConsumed,
        returnData: execution.returnData,
      },
    };
    this.sealSlot(slot, blockTime, [record]);
  }

  /** Closes `slot` as a block on top of the tip. */
  private sealSlot(slot: number, blockTime: number, transactions: TransactionRecord[]): void {
    const parent = this.ledger.tip;
    // A fresh blockhash per block: a client that re-sends an identical transfer on a newer blockhash produces a
    // new signature instead of a duplicate.
    this.svm.expireBlockhash();
    this.ledger.append({
      slot,
      parentSlot: parent.slot,
      blockhash: this.svm.latestBlockhash(),
      previousBlockhash: parent.blockhash,
      blockTime,
      transactions,
    });
    this.history.prune(this.slotFor('finalized'));
  }

  /** Moves the runtime's clock sysvar to `slot`, stamped with wall-clock time as a leader stamps its block. */
  private setClock(slot: number): number {
    const blockTime = Math.floor(Date.now() / 1000);
    const clock = this.svm.getClock();
    this.svm.setClock(
      new Clock(BigInt(slot), clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, BigInt(blockTime)),
    );
    return blockTime;
  }

  private currentAccount(address: Address): AccountState | null {
    const account = this.svm.getAccount(address);
    return account.exists && account.lamports > 0n ? toState(account) : null;
  }
}

function toState(account: EncodedAccount): AccountState {
  return {
    lamports: account.lamports,
    data: account.data,
    owner: account.programAddress,
    executable: account.executable,
  };
}

function emptyReport(): ExecutionReport {
  return { err: null, logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [] };
}

function report(meta: TransactionMetadata, err: TransactionErrorJson | null): ExecutionReport {
  const returnData = meta.returnData();
  const data = returnData.data();
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: data.length > 0 ? { programId: addressDecoder.decode(returnData.programId()), data } : null,
    innerInstructions: meta.innerInstructions().flatMap((instructions, index) =>
      instructions.length === 0
        ? []
        : [
            {
              index,
              instructions: instructions.map((inner) => {
                const instruction = inner.instruction();
                return {
                  programIdIndex: instruction.programIdIndex(),
                  accounts: [...instruction.accounts()],
                  data: instruction.data(),
                  stackHeight: inner.stackHeight(),
                };
              }),
            },
          ],
    ),
  };
}
