import { BSC_CHAIN_ID, type InclusionProof, PROOF_VERSION, toBaseUnits } from '@aidf/contract';
import type { AppDb } from '../../db/client.ts';
import { reservesRepository, type StoredLeaf, type StoredReport } from '../../db/repositories/reserves.ts';
import { AppError } from '../errors.ts';
import type { ChainHoldings } from './chain-holdings.ts';

/** Whole units compared at 36 decimals: exact for the ledger (18) and any token (chain-holdings.ts). */
const SCALE = 36;

/**
 * Per currency owed, whether the chains the report read hold at least the liabilities, and how much as a percent
 * (rounded down, two places). Null for a report that read no chain.
 */
export function coverageOf(report: Pick<StoredReport, 'status' | 'currencies' | 'liabilities' | 'chainHoldings'>) {
  const holdings = report.chainHoldings as ChainHoldings | null;
  if (!holdings) return null;
  const currencies = report.currencies.flatMap((currency) => {
    const owed = toBaseUnits(report.liabilities[currency] ?? '0', SCALE);
    if (owed <= 0n) return [];
    let held = 0n;
    for (const chain of Object.values(holdings)) {
      if ('total' in chain) held += toBaseUnits(chain.total[currency] ?? '0', SCALE);
    }
    const basisPoints = (held * 10_000n) / owed;
    const percent = `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, '0')}`;
    return [{ currency, covered: held >= owed, percent }];
  });
  return { status: report.status, currencies };
}

/** The block (BNB Smart Chain) or slot (Solana) each chain was read at. */
function readAt(report: Pick<StoredReport, 'chainHoldings'>) {
  const holdings = report.chainHoldings as ChainHoldings | null;
  return Object.entries(holdings ?? {}).flatMap(([chain, h]) => ('at' in h ? [{ chain, at: h.at }] : []));
}

function shareProof(leaf: StoredLeaf): InclusionProof['shares'][number] {
  return {
    share: leaf.share,
    salt: leaf.salt,
    amounts: leaf.amounts,
    path: leaf.path.map((node) => ({
      hash: node.hash,
      sums: node.sums,
      // At level d the leaf's ancestor is index (leafIndex >> d); its sibling sits left when its index is lower.
      side: node.idx < leaf.leafIndex >> node.level ? 'left' : 'right',
    })),
  };
}

/**
 * The user's proof in the latest report: 81047 when there is none yet (or only one made before the current tree
 * format), 81048 when the user signed up after it. The answer holds the user's own two leaves and their paths'
 * siblings (hashes and sums of random shares of nobody in particular), never another user's id or salt; beside it
 * where the root is published on BNB Smart Chain, which the app reads from the chain itself, and what the report
 * found of each currency's coverage.
 */
export async function reservesProofOf(
  db: AppDb,
  userId: bigint,
  links: { explorer?: (txHash: string) => string | null; rpcUrl?: string | null } = {},
) {
  const found = await reservesRepository(db).latestProofOf(userId);
  if (!found || found.report.treeVersion < PROOF_VERSION) throw new AppError(81047);
  const { report, leaves } = found;
  if (leaves.length !== 2 || !report.rootHash) throw new AppError(81048);
  const shares = leaves.map(shareProof);
  const proof: InclusionProof = {
    version: PROOF_VERSION,
    currencies: report.currencies,
    userId: userId.toString(),
    balances: report.currencies.map((_, c) =>
      shares.reduce((sum, s) => sum + BigInt(s.amounts[c] as string), 0n).toString(),
    ),
    shares,
    root: { hash: report.rootHash, sums: report.rootSums },
  };
  const { publication } = report;
  return {
    reportId: report.id,
    createdAt: report.createdAt.getTime(),
    baseUnitDecimals: report.baseUnitDecimals,
    proof,
    coverage: coverageOf(report),
    readAt: readAt(report),
    publication: {
      status: publication.status,
      chain: 'bsc' as const,
      chainId: BSC_CHAIN_ID,
      from: publication.from,
      txHash: publication.txHash,
      blockNumber: publication.blockNumber,
      explorerUrl: publication.txHash ? (links.explorer?.(publication.txHash) ?? null) : null,
      rpcUrl: links.rpcUrl ?? null,
    },
  };
}
