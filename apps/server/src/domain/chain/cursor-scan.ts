import type { Repositories } from '../../db/repositories/index.ts';
import type { ScanCursorKind } from '../../db/repositories/scan-cursors.ts';

/** A watcher's persisted position on its chain: a row of one of the tables of scanCursorTable(). */
export interface ScanCursor {
  nextBlock: bigint;
  lastBlockHash: string | null;
  genesisHash: string;
}

/** Where a watcher keeps its cursor for one chain: cursorStore() over its table, or a stand-in in a test. */
export interface CursorStore {
  cursor(): Promise<ScanCursor | null>;
  /** Starts (or, for a chain with another genesis, restarts) the cursor at `nextBlock`. */
  reset(genesisHash: string, nextBlock: bigint): Promise<void>;
  /** Locks the cursor in the scan's transaction; false when it is not at `expectedNext` any more. */
  lockAt(tx: Repositories, expectedNext: bigint): Promise<boolean>;
  advance(tx: Repositories, nextBlock: bigint, lastBlockHash: string | null, headBlock: bigint): Promise<void>;
  /** The newest block seen, when there was nothing new to scan. */
  noteHead(headBlock: bigint, genesisHash: string): Promise<void>;
  /** A fault for the operator (chain-status): an RPC error, a reorganisation deeper than the depth. */
  noteError(message: string): Promise<void>;
}

/**
 * The store of the watcher `kind`'s cursor on `chain`, in its table (repos.scanCursors[kind]); the scan's own
 * writes (lock, advance) go through the repositories of its transaction.
 */
export function cursorStore(repos: Repositories, kind: ScanCursorKind, chain: string): CursorStore {
  const cursors = repos.scanCursors[kind];
  return {
    cursor: () => cursors.cursor(chain),
    reset: (genesisHash, nextBlock) => cursors.reset(chain, genesisHash, nextBlock),
    lockAt: (tx, expectedNext) => tx.scanCursors[kind].lockAt(chain, expectedNext),
    advance: (tx, nextBlock, lastBlockHash, headBlock) =>
      tx.scanCursors[kind].advance(chain, nextBlock, lastBlockHash, headBlock),
    noteHead: (headBlock, genesisHash) => cursors.noteHead(chain, genesisHash, headBlock),
    noteError: (message) => cursors.noteError(chain, message),
  };
}

/** What the scan needs to know of the chain. */
export interface ChainPosition {
  genesisHash(): Promise<string>;
  heads(): Promise<{ head: bigint; confirmed: bigint }>;
  blockHash(block: bigint): Promise<string | null>;
}

export interface CursorScanOptions {
  repos: Repositories;
  store: CursorStore;
  chain: ChainPosition;
  /** Blocks (slots) per scan; bounded so one call to the node stays small. */
  maxRange: bigint;
  /** Where a new cursor starts: block 0 (dev chains, tests) or the confirmed head (a production chain). */
  startAt?: 'genesis' | 'head';
  /** Outside production a chain with another genesis (a restarted dev chain) restarts the cursor. */
  allowChainReset?: boolean;
}

export type NextRange =
  | { kind: 'range'; from: bigint; to: bigint; head: bigint; confirmed: bigint; genesisHash: string }
  | { kind: 'caught-up'; head: bigint; confirmed: bigint; genesisHash: string }
  | { kind: 'stopped'; reason: string };

/**
 * The one skeleton of the chain watchers (deposits, invests, miner payments): a persisted cursor per chain, read
 * in bounded ranges up to the confirmed head, each range's records committed with the cursor's move in one
 * transaction. It stops for an operator, rather than guess, when the RPC serves another chain than the cursor's
 * (unless a dev chain may restart) or when the last scanned block changed (a reorganisation deeper than the
 * confirmation depth). The lease that lets one instance scan is the watcher's own (it may do more under it).
 */
export function cursorScan(options: CursorScanOptions) {
  const { store, chain } = options;

  async function cursorOn(genesis: string, confirmed: bigint): Promise<ScanCursor | { stop: string }> {
    const cursor = await store.cursor();
    if (cursor && cursor.genesisHash === genesis) return cursor;
    if (cursor && !options.allowChainReset) {
      return { stop: `the RPC serves another chain (genesis ${genesis}, the cursor's is ${cursor.genesisHash})` };
    }
    await store.reset(genesis, options.startAt === 'head' && confirmed > 0n ? confirmed : 0n);
    const fresh = await store.cursor();
    if (!fresh) throw new Error('scan cursor vanished after reset');
    return fresh;
  }

  /**
   * The next range to scan, or why there is none; a stop is recorded for the operator. `known`: the heads and
   * genesis the watcher read already in this tick (not asked of the node twice).
   */
  async function next(known?: { head: bigint; confirmed: bigint; genesisHash: string }): Promise<NextRange> {
    const { head, confirmed } = known ?? (await chain.heads());
    const genesisHash = known?.genesisHash ?? (await chain.genesisHash());
    const cursor = await cursorOn(genesisHash, confirmed);
    if ('stop' in cursor) return stopped(cursor.stop);
    const from = cursor.nextBlock;
    if (from > confirmed) {
      await store.noteHead(head, genesisHash);
      return { kind: 'caught-up', head, confirmed, genesisHash };
    }
    if (cursor.lastBlockHash && from > 0n) {
      const seen = await chain.blockHash(from - 1n);
      if (seen !== null && seen !== cursor.lastBlockHash) {
        return stopped(
          `block ${from - 1n} changed after it was scanned: a reorganisation deeper than the confirmation depth; scanning stopped for an operator`,
        );
      }
    }
    const to = confirmed < from + options.maxRange - 1n ? confirmed : from + options.maxRange - 1n;
    return { kind: 'range', from, to, head, confirmed, genesisHash };
  }

  async function stopped(reason: string): Promise<NextRange> {
    await store.noteError(reason);
    return { kind: 'stopped', reason };
  }

  /**
   * Runs `work` (the range's records) and moves the cursor past `range`, in one transaction; null, with nothing
   * written, when another instance (after a lost lease) moved the cursor meanwhile: then this scan is void.
   */
  async function commit<T>(
    range: { from: bigint; to: bigint; head: bigint },
    lastBlockHash: string | null,
    work: (tx: Repositories) => Promise<T>,
  ): Promise<{ result: T } | null> {
    return options.repos.transaction(async (tx) => {
      if (!(await store.lockAt(tx, range.from))) return null;
      const result = await work(tx);
      await store.advance(tx, range.to + 1n, lastBlockHash, range.head);
      return { result };
    });
  }

  return { next, commit };
}
