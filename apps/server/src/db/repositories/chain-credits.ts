import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { chainCredits } from '../schema.ts';
import type { ChainName } from './chain.ts';

/** The kinds of credit a chain transfer can be booked as (0037_chain_credits.sql). */
export type ChainCreditKind = 'deposit' | 'machine-payment' | 'invest' | 'treasury-funding';

/** One transfer on a chain: the event index is the log index ('native' for BNB; 'sol:3', 'spl:2' on Solana). */
export interface ChainTransferKey {
  chain: ChainName;
  genesisHash: string;
  txHash: string;
  eventIndex: string;
}

/** EVM hashes are compared in lower case everywhere (the watchers' sources already lower-case most of them). */
const normalised = (key: ChainTransferKey): ChainTransferKey => ({
  ...key,
  txHash: key.chain === 'bsc' ? key.txHash.toLowerCase() : key.txHash,
});

/** The chain transfers credited, one row each, whatever the kind (domain/chain/chain-credit.ts writes them). */
export function chainCreditsRepository(db: AppDb) {
  const where = (key: ChainTransferKey) => {
    const k = normalised(key);
    return and(
      eq(chainCredits.chain, k.chain),
      eq(chainCredits.genesisHash, k.genesisHash),
      eq(chainCredits.txHash, k.txHash),
      eq(chainCredits.eventIndex, k.eventIndex),
    );
  };
  return {
    /** The credit of this transfer, or null when it was never credited. */
    async of(key: ChainTransferKey) {
      const [row] = await db.select().from(chainCredits).where(where(key));
      return row ?? null;
    },

    /** Claims the transfer for one credit; false when it is taken (by any kind). */
    async claim(key: ChainTransferKey, kind: ChainCreditKind, movementId: bigint): Promise<boolean> {
      const rows = await db
        .insert(chainCredits)
        .values({ ...normalised(key), kind, movementId })
        .onConflictDoNothing()
        .returning({ kind: chainCredits.kind });
      return rows.length === 1;
    },
  };
}
