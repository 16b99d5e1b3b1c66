import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { ZIdString, ZTimeMs } from '../schemas.ts';

/** Base units as decimal text (integers, never negative), one per currency of the report. */
const ZBaseUnits = z.array(z.string().regex(/^(0|[1-9]\d*)$/));
const ZSumNode = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), sums: ZBaseUnits });

/** The proof reserves/merkle-sum-tree.ts verifies (verifyInclusionProof), as the API sends it. */
export const ZInclusionProof = z.object({
  currencies: z.array(z.string()),
  /** The user's own id (mid): the leaf commits to it with the salt. */
  userId: z.string(),
  /** The user's secret salt of this report: nobody else is given it. */
  salt: z.string().regex(/^[0-9a-f]{64}$/),
  balances: ZBaseUnits,
  /** Siblings from the leaf up: only their hashes and sums, no other user's id or salt. */
  path: z.array(ZSumNode.extend({ side: z.enum(['left', 'right']) })),
  root: ZSumNode,
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
  }),
});
