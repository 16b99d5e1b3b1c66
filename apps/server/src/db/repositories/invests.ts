import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { boundAddresses, chainInvests } from '../schema.ts';

/** The chains with an invest contract: BNB Smart Chain only (the AIDF token lives there). */
export type InvestChain = 'bsc';

/**
 * Why an event was recorded without a credit (0037_chain_credits.sql): its AIDF arrived from an address bound to
 * no account; no AIDF arrived with it; its AIDF transfer was credited before as another kind.
 */
export type InvestNotCredited = 'unbound' | 'no-transfer' | 'already-credited';

export interface NewInvest {
  chain: InvestChain;
  genesisHash: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  contractAddress: string;
  fromAddress: string;
  amount: string;
  /** Null when the sender is bound to no account: kept for the operator. */
  userId: bigint | null;
  /** Null when not credited (notCredited says why). */
  movementId: bigint | null;
  /** The AIDF Transfer log that carried the event's value; null when none did. */
  transferLogIndex: number | null;
  notCredited: InvestNotCredited | null;
}

/** The Invested events the invest watcher recorded (0014_invest.sql); its cursor is repos.scanCursors.invest. */
export function investsRepository(db: AppDb) {
  return {
    /**
     * The users bound to those BNB Smart Chain addresses. Bound addresses are kept in their EIP-55 form
     * (wallet-signature.ts), as viem gives an event's sender, so the unique index answers.
     */
    async boundOwners(addresses: string[]): Promise<Map<string, bigint>> {
      if (addresses.length === 0) return new Map();
      const rows = await db
        .select({ address: boundAddresses.walletAddress, userId: boundAddresses.userId })
        .from(boundAddresses)
        .where(and(eq(boundAddresses.currency, 'bnb'), inArray(boundAddresses.walletAddress, addresses)));
      return new Map(rows.map((r) => [r.address, r.userId]));
    },

    /** Records one event; false when this (chain, genesis, transaction, log) was recorded before. */
    async insert(invest: NewInvest): Promise<boolean> {
      const rows = await db
        .insert(chainInvests)
        .values(invest)
        .onConflictDoNothing({
          target: [chainInvests.chain, chainInvests.genesisHash, chainInvests.txHash, chainInvests.logIndex],
        })
        .returning({ id: chainInvests.id });
      return rows.length === 1;
    },

    /** What the user's bound wallets invested and were credited on that chain, as a decimal string. */
    async investedBy(chain: InvestChain, userId: bigint): Promise<string> {
      const result = await db.execute(sql`
        SELECT coalesce(sum(amount), 0)::text AS total FROM chain_invests
        WHERE user_id = ${userId} AND chain = ${chain} AND movement_id IS NOT NULL`);
      return (rowsOf(result)[0] as { total: string }).total;
    },

    /**
     * Everything that arrived at one contract on one chain instance, credited or held: what its balance must
     * cover, the contract having no way to pay anything out. An event no AIDF came with is not counted.
     */
    async recordedFrom(chain: InvestChain, genesisHash: string, contractAddress: string): Promise<string> {
      const result = await db.execute(sql`
        SELECT coalesce(sum(amount), 0)::text AS total FROM chain_invests
        WHERE chain = ${chain} AND genesis_hash = ${genesisHash} AND lower(contract_address) = ${contractAddress.toLowerCase()}
          AND not_credited IS DISTINCT FROM 'no-transfer'`);
      return (rowsOf(result)[0] as { total: string }).total;
    },

    /** Events recorded without a credit, newest first: for the operator (each says why in notCredited). */
    notCredited(limit = 100) {
      return db
        .select()
        .from(chainInvests)
        .where(isNotNull(chainInvests.notCredited))
        .orderBy(desc(chainInvests.id))
        .limit(limit);
    },

    ofUser(userId: bigint, limit = 100) {
      return db
        .select()
        .from(chainInvests)
        .where(eq(chainInvests.userId, userId))
        .orderBy(desc(chainInvests.id))
        .limit(limit);
    },
  };
}
