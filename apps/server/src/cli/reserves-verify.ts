import fs from 'node:fs';
import { type InclusionProof, verifyInclusionProof } from '@aidf/contract';

/**
 * `npm run operator -- reserves-verify <proof.json>`: checks a proof of reserves offline (no server, no network),
 * as the app's "Check that my balance is included" does in the browser. Answers the lines to print and whether
 * the proof holds (the command's exit status).
 */
export function verifyProofFile(file: string): { ok: boolean; lines: string[] } {
  let proof: InclusionProof;
  try {
    proof = JSON.parse(fs.readFileSync(file, 'utf8')) as InclusionProof;
  } catch (error) {
    return { ok: false, lines: [`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const verdict = verifyInclusionProof(proof);
  if (!verdict.ok) return { ok: false, lines: [`NOT included: ${verdict.reason}`] };
  const balances = proof.currencies.map((c, i) => `${c} ${proof.balances[i]}`).join(', ');
  const totals = proof.currencies.map((c, i) => `${c} ${proof.root.sums[i]}`).join(', ');
  return {
    ok: true,
    lines: [
      `included: user ${proof.userId} with ${balances} (base units)`,
      `root ${proof.root.hash}`,
      `liabilities at the root: ${totals}`,
    ],
  };
}
