import fs from 'node:fs';
import {
  type ChainRpc,
  checkPublishedRoot,
  type InclusionProof,
  jsonRpcOver,
  type ReservesProofFile,
  verifyInclusionProof,
} from '@aidf/contract';

/** The command's exit status: 0 included and checked on chain, 1 refused, 2 included but not checked on chain. */
export type VerifyExit = 0 | 1 | 2;

const REFUSED: VerifyExit = 1;
const UNCHECKED: VerifyExit = 2;

/**
 * `npm run operator -- reserves-verify <proof.json> [--rpc <url>]`: checks a proof of reserves without our server,
 * as the app's "Check that my balance is included" does in the browser: the user's two leaves and paths reach the
 * root, and, through an RPC node of BNB Smart Chain (`rpcUrl`: --rpc, else BSC_RPC_URL), that the transaction the
 * file names publishes exactly that root. Answers the lines to print and the exit status.
 */
export async function verifyProofFile(
  file: string,
  options: { rpcUrl?: string | null; rpc?: ChainRpc } = {},
): Promise<{ code: VerifyExit; lines: string[] }> {
  let document: Partial<ReservesProofFile>;
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    // A bare proof (no report, no publication) is still checked, but its root cannot be looked for on chain.
    document = parsed && typeof parsed === 'object' && 'proof' in parsed ? parsed : { proof: parsed as never };
  } catch (error) {
    return { code: REFUSED, lines: [`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const proof = document.proof as InclusionProof;
  const verdict = verifyInclusionProof(proof);
  if (!verdict.ok) return { code: REFUSED, lines: [`NOT included: ${verdict.reason}`] };
  const list = (values: string[]) => proof.currencies.map((c, i) => `${c} ${values[i]}`).join(', ');
  const lines = [
    `included: user ${proof.userId} with ${list(proof.balances)} (base units), as two shares whose paths both reach the root`,
    `root ${proof.root.hash}`,
    `liabilities at the root: ${list(proof.root.sums)}`,
  ];
  const publication = document.publication;
  if (!publication?.txHash || typeof document.reportId !== 'string') {
    lines.push('root NOT checked on chain: the file names no publication (the root is not published yet)');
    return { code: UNCHECKED, lines };
  }
  const rpc = options.rpc ?? (options.rpcUrl ? jsonRpcOver(options.rpcUrl) : null);
  if (!rpc) {
    lines.push('root NOT checked on chain: give an RPC of BNB Smart Chain with --rpc <url> (or BSC_RPC_URL)');
    return { code: UNCHECKED, lines };
  }
  const check = await checkPublishedRoot(rpc, {
    chainId: publication.chainId,
    txHash: publication.txHash,
    from: publication.from,
    expected: { reportId: document.reportId, currencies: proof.currencies, root: proof.root },
  });
  const where = `transaction ${publication.txHash} on chain ${publication.chainId}`;
  switch (check.status) {
    case 'matches':
      lines.push(`root published in ${where}, block ${check.blockNumber}, by ${check.from}: it matches`);
      return { code: 0, lines };
    case 'differs':
      lines.push(`NOT the published root: ${where} publishes another root, report or totals`);
      return { code: REFUSED, lines };
    case 'wrong-sender':
      lines.push(`NOT published by the platform's hot wallet: ${where} was ${check.detail}`);
      return { code: REFUSED, lines };
    case 'not-found':
      lines.push(`NOT published: no ${where}`);
      return { code: REFUSED, lines };
    case 'pending':
      lines.push(`root NOT checked on chain: ${where} is not mined yet`);
      return { code: UNCHECKED, lines };
    default:
      lines.push(`root NOT checked on chain: ${check.detail ?? check.status}`);
      return { code: UNCHECKED, lines };
  }
}
