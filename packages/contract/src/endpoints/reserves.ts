import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { ZIdString, ZTimeMs } from '../schemas.ts';

/** Base units as decimal text (integers, never negative), one per currency of the report. */
const ZBaseUnits = z.array(z.string().regex(/^(0|[1-9]\d*)$/));
const ZSumNode = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), sums: ZBaseUnits });

/** The proof reserves/merkle-sum-tree.ts verifies (verifyInclusionProof), as the API sends it. */
export const ZInclusionProof = z.object({
  version: z.literal(2),
  currencies: z.array(z.string()),
  /** The user's own id (mid): each leaf commits to it with its salt. */
  userId: z.string(),
  /** The user's balances: what the two shares add up to. */
  balances: ZBaseUnits,
  /** The user's two leaves, each a random share of the balances with its own secret salt and path. */
  shares: z.array(
    z.object({
      share: z.union([z.literal(1), z.literal(2)]),
      salt: z.string().regex(/^[0-9a-f]{64}$/),
      amounts: ZBaseUnits,
      /** Siblings from the leaf up: only their hashes and sums, no other user's id or salt. */
      path: z.array(ZSumNode.extend({ side: z.enum(['left', 'right']) })),
    }),
  ),
  root: ZSumNode,
});

/**
 * Where a report's root is published: the data of a transaction the platform's hot wallet sent on BNB Smart Chain
 * (reserves/root-publication.ts). `status`: 'pending' (not yet sent), 'signed' or 'sent' (on its way), 'published'
 * (confirmed, `blockNumber` set); 'no-chain' and 'no-root' are never published.
 */
export const ZRootPublication = z.object({
  status: z.string(),
  chain: z.literal('bsc'),
  chainId: z.number().int(),
  /** The hot wallet that sends it. */
  from: z.string().nullable(),
  txHash: z.string().nullable(),
  blockNumber: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** The RPC the app reads the chain through without a wallet: the dev stand-in beside the dev chains, else null. */
  rpcUrl: z.string().nullable(),
});

export const reservesProof = defineEndpoint({
  ...ROUTES.reservesProof,
  summary:
    "The signed-in user's proof of inclusion in the latest proof of reserves (81047: none yet; 81048: not in it)",
  data: z.object({
    reportId: ZIdString,
    /** When the report read the ledger. */
    createdAt: ZTimeMs,
    /** Decimal places of a base unit: balances and sums are amounts × 10^baseUnitDecimals. */
    baseUnitDecimals: z.number().int().nonnegative(),
    proof: ZInclusionProof,
    /**
     * Per currency owed: whether the chains held at least the liabilities, and how much as a percent (rounded
     * down); `status` 'incomplete' when some address could not be read. Null when the report read no chain.
     */
    coverage: z
      .object({
        status: z.string(),
        currencies: z.array(z.object({ currency: z.string(), covered: z.boolean(), percent: z.string() })),
      })
      .nullable(),
    /** The block (BNB Smart Chain) or slot (Solana) each chain was read at. */
    readAt: z.array(z.object({ chain: z.string(), at: z.string() })),
    publication: ZRootPublication,
  }),
});
