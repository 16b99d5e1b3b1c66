import {
  type ChainRpc,
  checkPublishedRoot,
  fromBaseUnits,
  type InclusionProof,
  jsonRpcOver,
  type ProofVerdict,
  PUBLIC_BSC_RPC_URL,
  type PublicationCheck,
  proofFileOf,
  type ReservesProofFile,
  type reservesProof,
} from '@aidf/contract';
import type { z } from 'zod';

/**
 * The pure parts of "Check that my balance is included": what the dialog shows of a proof of reserves the browser
 * has verified (verifyInclusionProof) and of its root as the chain publishes it (checkPublishedRoot, through the
 * user's wallet or a public node, never our server), and the file a user downloads to check both again
 * (`npm run operator -- reserves-verify <file>`).
 */

/** What GET /v1/reserves/proof answers. */
export type ProofAnswer = z.infer<(typeof reservesProof)['data']>;

const BASE_UNITS = /^(0|[1-9]\d*)$/;

/** The user's balances as amounts per currency: base units over 10^baseUnitDecimals, exactly; null if not base units. */
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
  'shares-differ': 'reserves.reasonSharesDiffer',
} as const;

/** How the chain check of the published root went: 'checking' while it runs, 'unpublished' with nothing to check. */
export type ChainState = { status: 'checking' } | { status: 'unpublished' } | PublicationCheck;

export type VerdictKey =
  | (typeof REASON_KEYS)[keyof typeof REASON_KEYS]
  | 'reserves.includedOnChain'
  | 'reserves.includedUnpublished'
  | 'reserves.chainUnreachable'
  | 'reserves.checkingChain'
  | 'reserves.publishedDiffers'
  | 'reserves.publicationMissing';

/**
 * What the dialog says of a proof and of its root on chain, and in which tone. Only a proof that holds against a
 * root the chain itself published is 'ok' (green): a root that could not be checked is never shown as verified.
 */
export function verdictOf(
  verdict: ProofVerdict,
  chain: ChainState,
): { key: VerdictKey; tone: 'ok' | 'warn' | 'error' | 'busy' } {
  if (!verdict.ok) return { key: REASON_KEYS[verdict.reason], tone: 'error' };
  switch (chain.status) {
    case 'matches':
      return { key: 'reserves.includedOnChain', tone: 'ok' };
    case 'checking':
      return { key: 'reserves.checkingChain', tone: 'busy' };
    case 'unpublished':
    case 'pending':
      return { key: 'reserves.includedUnpublished', tone: 'warn' };
    case 'differs':
    case 'wrong-sender':
      return { key: 'reserves.publishedDiffers', tone: 'error' };
    case 'not-found':
      return { key: 'reserves.publicationMissing', tone: 'error' };
    default:
      return { key: 'reserves.chainUnreachable', tone: 'warn' };
  }
}

/** An EIP-1193 provider: the user's wallet. */
export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/**
 * Where the app reads the chain: the user's own wallet when it is on BNB Smart Chain (the node it trusts), else
 * the public RPC of the chain (or the dev stand-in the server names beside the dev chains).
 */
export async function chainReader(
  answer: Pick<ProofAnswer, 'publication'>,
  wallet: Eip1193 | null,
): Promise<{ via: 'wallet' | 'public'; host: string | null; rpc: ChainRpc }> {
  if (wallet) {
    const chainId = await wallet.request({ method: 'eth_chainId' }).catch(() => null);
    if (typeof chainId === 'string' && Number.parseInt(chainId, 16) === answer.publication.chainId) {
      return { via: 'wallet', host: null, rpc: (method, params) => wallet.request({ method, params }) };
    }
  }
  const url = answer.publication.rpcUrl ?? PUBLIC_BSC_RPC_URL;
  return { via: 'public', host: new URL(url).host, rpc: jsonRpcOver(url) };
}

/** Checks the answer's root against its publication on chain; 'unpublished' when the answer names none. */
export async function checkAnswerOnChain(answer: ProofAnswer, rpc: ChainRpc): Promise<ChainState> {
  const { publication, proof } = answer;
  if (!publication.txHash) return { status: 'unpublished' };
  return checkPublishedRoot(rpc, {
    chainId: publication.chainId,
    txHash: publication.txHash,
    from: publication.from,
    expected: { reportId: answer.reportId, currencies: proof.currencies, root: proof.root },
  });
}

/** The downloaded file's name: one per report, so two reports' proofs do not overwrite each other. */
export function proofFileName(reportId: string): string {
  return `proof-of-reserves-${reportId}.json`;
}

/** The downloaded file's text: the proof, its report and its publication, as the command line reads them. */
export function proofFileText(answer: ProofAnswer): string {
  const file: ReservesProofFile = proofFileOf(answer);
  return `${JSON.stringify(file, null, 2)}\n`;
}
