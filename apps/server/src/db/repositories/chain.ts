import type { CHAINS } from '@aidf/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { chainDeposits, depositAddresses, treasuryTransactions, workerHealth, workerLeases } from '../schema.ts';

/** A chain's key in the database: the keys of the contract's CHAINS ('bsc', 'solana'). */
export type ChainName = keyof typeof CHAINS;

export interface NewDeposit {
  chain: ChainName;
  genesisHash: string;
  txHash: string;
  eventIndex: string;
  blockNumber: bigint;
  blockHash: string | null;
  userId: bigint;
  currency: string;
  tokenContract: string | null;
  fromAddress: string | null;
  toAddress: string;
  amount: string;
  movementId: bigint;
}

export function chainRepository(db: AppDb) {
  return {
    /**
     * Takes or renews the lease `name` for `owner` until `ttlMs` from now; false while another owner's lease
     * is still running. The database's clock decides, so instances with skewed clocks agree.
     */
    async takeLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
      const result = await db.execute(sql`
        INSERT INTO worker_leases (name, owner, expires_at)
        VALUES (${name}, ${owner}, now() + ${ttlMs} * interval '1 millisecond')
        ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
          WHERE worker_leases.owner = EXCLUDED.owner OR worker_leases.expires_at < now()
        RETURNING owner`);
      return rowsOf(result).length === 1;
    },

    async releaseLease(name: string, owner: string) {
      await db.delete(workerLeases).where(and(eq(workerLeases.name, name), eq(workerLeases.owner, owner)));
    },

    /** A worker's tick ended well: kept for the operator's chain-status. */
    async noteWorkerOk(name: string) {
      await db
        .insert(workerHealth)
        .values({ name, lastOkAt: sql`now()` })
        .onConflictDoUpdate({ target: workerHealth.name, set: { lastOkAt: sql`now()` } });
    },

    /** A worker's tick failed: counted, and its message kept for the operator's chain-status. */
    async noteWorkerError(name: string, message: string) {
      const lastError = message.slice(0, 500);
      await db
        .insert(workerHealth)
        .values({ name, errors: 1n, lastError, lastErrorAt: sql`now()` })
        .onConflictDoUpdate({
          target: workerHealth.name,
          set: { errors: sql`${workerHealth.errors} + 1`, lastError, lastErrorAt: sql`now()` },
        });
    },

    async workerHealth(name: string) {
      const [row] = await db.select().from(workerHealth).where(eq(workerHealth.name, name));
      return row ?? null;
    },

    /** The users behind those deposit addresses of a chain (EVM addresses compared without case). */
    async depositOwners(chainCurrency: 'bnb' | 'sol', addresses: string[]): Promise<Map<string, bigint>> {
      if (addresses.length === 0) return new Map();
      const keys = chainCurrency === 'bnb' ? addresses.map((a) => a.toLowerCase()) : addresses;
      const column =
        chainCurrency === 'bnb' ? sql`lower(${depositAddresses.address})` : sql`${depositAddresses.address}`;
      const rows = await db
        .select({ address: depositAddresses.address, userId: depositAddresses.userId })
        .from(depositAddresses)
        // One array parameter (a text[] literal), however many addresses: a range's recipients can be thousands.
        .where(
          and(eq(depositAddresses.chainCurrency, chainCurrency), sql`${column} = ANY(${textArray(keys)}::text[])`),
        );
      return new Map(rows.map((r) => [chainCurrency === 'bnb' ? r.address.toLowerCase() : r.address, r.userId]));
    },

    /** Every address the treasury has signed a transaction from on the chain (platform-senders.ts). */
    async treasurySigners(chain: ChainName): Promise<string[]> {
      const rows = await db
        .selectDistinct({ from: treasuryTransactions.fromAddress })
        .from(treasuryTransactions)
        .where(eq(treasuryTransactions.chain, chain));
      return rows.map((r) => r.from);
    },

    /** Records a credited deposit; false when this (chain, transaction, event) was credited before. */
    async insertDeposit(deposit: NewDeposit): Promise<boolean> {
      const rows = await db
        .insert(chainDeposits)
        .values(deposit)
        .onConflictDoNothing({
          target: [chainDeposits.chain, chainDeposits.genesisHash, chainDeposits.txHash, chainDeposits.eventIndex],
        })
        .returning({ id: chainDeposits.id });
      return rows.length === 1;
    },

    async depositsOf(userId: bigint, limit = 100, offset = 0) {
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(chainDeposits)
          .where(eq(chainDeposits.userId, userId))
          .orderBy(desc(chainDeposits.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(chainDeposits).where(eq(chainDeposits.userId, userId)),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}

/** A text[] literal of `values`, each quoted (a backslash or a double quote escaped). */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
