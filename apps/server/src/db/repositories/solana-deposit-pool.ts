import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** The pool of Solana deposit addresses derived ahead by the treasury (domain/chain/solana-deposit-pool.ts). */
export function solanaDepositPoolRepository(db: AppDb) {
  return {
    /** Holds the user's row until the transaction ends: one deposit address per user and chain, asked at once. */
    async lockUser(userId: bigint): Promise<void> {
      await db.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
    },

    /** Addresses made and not yet handed out. */
    async freeCount(): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM solana_deposit_pool WHERE user_id IS NULL`),
      );
      return row?.n ?? 0;
    },

    /**
     * The first index not derived yet: past every pooled address and every Solana deposit address derived
     * before the pool (those were made at the user's id), so no two addresses ever share a key.
     */
    async nextIndex(): Promise<number> {
      const [row] = rowsOf<{ next: number }>(
        await db.execute(sql`
          SELECT greatest(
            (SELECT coalesce(max(derivation_index), -1) FROM solana_deposit_pool),
            (SELECT coalesce(max(derivation_index), -1) FROM deposit_addresses WHERE chain_currency = 'sol')
          ) + 1 AS next`),
      );
      return row?.next ?? 0;
    },

    /** Adds derived addresses; an index another treasury added first is left as it is. */
    async add(rows: { derivationIndex: number; address: string }[]): Promise<number> {
      if (rows.length === 0) return 0;
      const values = sql.join(
        rows.map((r) => sql`(${r.derivationIndex}::int, ${r.address})`),
        sql`, `,
      );
      const added = rowsOf(
        await db.execute(sql`
          INSERT INTO solana_deposit_pool (derivation_index, address) VALUES ${values}
          ON CONFLICT DO NOTHING RETURNING derivation_index`),
      );
      return added.length;
    },

    /**
     * Hands the first free address to the user and records it as the user's deposit address, in the caller's
     * transaction (which holds the user's row lock: one address per user however many ask at once). SKIP LOCKED:
     * users asking together take different addresses without waiting on each other. Null when none is free.
     */
    async assign(userId: bigint): Promise<string | null> {
      const [row] = rowsOf<{ address: string }>(
        await db.execute(sql`
          WITH picked AS (
            SELECT derivation_index FROM solana_deposit_pool
            WHERE user_id IS NULL ORDER BY derivation_index LIMIT 1 FOR UPDATE SKIP LOCKED
          ), taken AS (
            UPDATE solana_deposit_pool p SET user_id = ${userId}, assigned_at = now()
            FROM picked WHERE p.derivation_index = picked.derivation_index
            RETURNING p.derivation_index, p.address
          )
          INSERT INTO deposit_addresses (user_id, chain_currency, address, derivation_index)
          SELECT ${userId}, 'sol', address, derivation_index FROM taken
          RETURNING address`),
      );
      return row?.address ?? null;
    },
  };
}
