import { fromBaseUnits, type InclusionProof, type ProofVerdict } from '@aidf/contract';

/**
 * The pure parts of "Check that my balance is included": what the dialog shows of a proof of reserves the browser
 * has verified (verifyInclusionProof), and the file a user downloads to check it again offline
 * (`npm run operator -- reserves-verify <file>` reads exactly the proof, not the API's envelope).
 */

const BASE_UNITS = /^(0|[1-9]\d*)$/;

/** The user's leaf as amounts per currency: base units over 10^baseUnitDecimals, exactly; null if not base units. */
export function leafAmounts(
  proof: Pick<InclusionProof, 'currencies' | 'balances'>,
  baseUnitDecimals: number,
): { currency: string; amount: string }[] | null {
  if (proof.balances.length !== proof.currencies.length) return null;
  if (!proof.balances.every((units) => BASE_UNITS.test(units))) return null;
  return proof.currencies.map((currency, i) => ({
    currency,
    amount: fromBaseUnits(BigInt(proof.balances[i] as string), baseUnitDecimals),
  }));
}

/** The message key of each verdict: one sentence per reason the proof does not hold. */
const REASON_KEYS = {
  malformed: 'reserves.reasonMalformed',
  'root-hash-differs': 'reserves.reasonRootHashDiffers',
  'root-sums-differ': 'reserves.reasonRootSumsDiffer',
  'sums-below-balance': 'reserves.reasonSumsBelowBalance',
} as const;

export type VerdictKey = 'reserves.included' | (typeof REASON_KEYS)[keyof typeof REASON_KEYS];

/** What the dialog says of a verdict: "Included", or why not. */
export function verdictKey(verdict: ProofVerdict): VerdictKey {
  return verdict.ok ? 'reserves.included' : REASON_KEYS[verdict.reason];
}

/** The downloaded file's name: one per report, so two reports' proofs do not overwrite each other. */
export function proofFileName(reportId: string): string {
  return `proof-of-reserves-${reportId}.json`;
}

/** The downloaded file's text: the proof as the API sent it, which the offline verifier reads as it is. */
export function proofFileText(proof: InclusionProof): string {
  return `${JSON.stringify(proof, null, 2)}\n`;
}
