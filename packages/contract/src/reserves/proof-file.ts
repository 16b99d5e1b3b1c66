import type { InclusionProof } from './merkle-sum-tree.ts';

/**
 * The file a user downloads from "Check that my balance is included" and gives to
 * `npm run operator -- reserves-verify <file>`: the proof, the report it belongs to, and where its root is published.
 */
export interface ReservesProofFile {
  format: 'aidf-proof-of-reserves';
  reportId: string;
  createdAt: number;
  baseUnitDecimals: number;
  proof: InclusionProof;
  publication: {
    chain: 'bsc';
    chainId: number;
    from: string | null;
    txHash: string | null;
    blockNumber: string | null;
  };
}

/** The file's content from the API's answer (the app writes it; the command line reads it). */
export function proofFileOf(answer: Omit<ReservesProofFile, 'format'>): ReservesProofFile {
  const { chain, chainId, from, txHash, blockNumber } = answer.publication;
  return {
    format: 'aidf-proof-of-reserves',
    reportId: answer.reportId,
    createdAt: answer.createdAt,
    baseUnitDecimals: answer.baseUnitDecimals,
    proof: answer.proof,
    publication: { chain, chainId, from, txHash, blockNumber },
  };
}
