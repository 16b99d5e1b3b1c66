import type { Address, ReadonlyUint8Array } from '@solana/kit';
import type { TokenBalance } from './token-accounts.ts';
import type { TransactionErrorJson } from './transaction-errors.ts';
import type { CompiledInstructionRecord, DecodedTransaction } from './wire-transaction.ts';

export interface TransactionMetaRecord {
  err: TransactionErrorJson | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  innerInstructions: { index: number; instructions: CompiledInstructionRecord[] }[];
  computeUnitsConsumed: bigint;
  returnData: { programId: Address; data: ReadonlyUint8Array } | null;
}

export interface TransactionRecord {
  signature: string;
  slot: number;
  blockTime: number;
  transaction: DecodedTransaction;
  meta: TransactionMetaRecord;
}

export interface BlockRecord {
  slot: number;
  parentSlot: number;
  blockhash: string;
  previousBlockhash: string;
  blockTime: number;
  transactions: TransactionRecord[];
}

/**
 * The chain as the RPC reports it: at most one block per slot from genesis (slot 0) to the tip (a skipped slot has
 * none, as when a leader missed its turn), with indexes for the lookups the RPC methods need. There are no forks,
 * so a block never changes once appended.
 */
export class LedgerStore {
  /** By slot; a hole is a skipped slot. */
  private readonly blocks: (BlockRecord | undefined)[] = [];
  private tipBlock: BlockRecord | undefined;
  private readonly bySignature = new Map<string, TransactionRecord>();
  private readonly byAddress = new Map<Address, TransactionRecord[]>();
  private readonly slotByBlockhash = new Map<string, number>();

  constructor(genesis: BlockRecord) {
    this.append(genesis);
  }

  get tip(): BlockRecord {
    if (!this.tipBlock) throw new Error('ledger has no genesis block');
    return this.tipBlock;
  }

  append(block: BlockRecord): void {
    if (block.slot !== this.blocks.length)
      throw new Error(`block ${block.slot} does not follow ${this.blocks.length - 1}`);
    this.blocks.push(block);
    this.tipBlock = block;
    this.slotByBlockhash.set(block.blockhash, block.slot);
    for (const record of block.transactions) {
      this.bySignature.set(record.signature, record);
      for (const address of new Set(record.transaction.accountKeys)) {
        const records = this.byAddress.get(address) ?? [];
        records.push(record);
        this.byAddress.set(address, records);
      }
    }
  }

  /** Lets the next slot pass without a block; the next block appended names the tip before it as its parent. */
  skip(): void {
    this.blocks.push(undefined);
  }

  /** The block of `slot`; undefined for a skipped slot or one not reached yet. */
  block(slot: number): BlockRecord | undefined {
    return this.blocks[slot];
  }

  /** Whether `slot` has passed without a block. */
  skipped(slot: number): boolean {
    return slot < this.blocks.length && this.blocks[slot] === undefined;
  }

  /** The newest block at or before `slot` (genesis at least). */
  blockAtOrBefore(slot: number): BlockRecord {
    for (let s = Math.min(slot, this.blocks.length - 1); s > 0; s--) {
      const block = this.blocks[s];
      if (block) return block;
    }
    const genesis = this.blocks[0];
    if (!genesis) throw new Error('ledger has no genesis block');
    return genesis;
  }

  transaction(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** Transactions that reference `address`, oldest first. */
  transactionsFor(address: Address): readonly TransactionRecord[] {
    return this.byAddress.get(address) ?? [];
  }

  blockhashSlot(blockhash: string): number | undefined {
    return this.slotByBlockhash.get(blockhash);
  }
}
