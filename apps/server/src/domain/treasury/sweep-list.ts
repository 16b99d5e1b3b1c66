import { CHAINS, fromBaseUnits, type TSweepRow } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';

/** The chain's native coin, which every fee is paid in, and the token config's name of the chain. */
const NATIVE = {
  bsc: { currency: CHAINS.bsc.currency, decimals: CHAINS.bsc.nativeDecimals },
  solana: { currency: CHAINS.solana.currency, decimals: CHAINS.solana.nativeDecimals },
} as const;

type Chain = keyof typeof NATIVE;
const nativeOf = (chain: string) => NATIVE[chain as Chain] ?? NATIVE.bsc;

/**
 * Decimals of each (chain, currency) a sweep moves: the native coin's, else the token config's (USDT has 18 on
 * BNB Smart Chain, 6 on Solana). An amount of a currency with no config is shown in base units only.
 */
async function decimalsOf(repos: Repositories): Promise<(chain: string, currency: string) => number | null> {
  const tokens = await repos.tokenConfigs.all();
  return (chain, currency) => {
    const native = nativeOf(chain);
    if (currency === native.currency) return native.decimals;
    const token = tokens.find((t) => t.chainCurrency === native.currency && t.currency === currency);
    return token ? token.decimals : null;
  };
}

/** GET /ops/v1/treasury/sweeps: a page of sweeps, newest first, each with its transactions and their fees. */
export async function sweepList(
  repos: Repositories,
  query: { status: string; chain?: string | undefined; page: number; size: number },
): Promise<{ total: number; list: TSweepRow[] }> {
  const { rows, total } = await repos.treasuryConsole.sweepsPage(
    { status: query.status === 'all' ? null : query.status, chain: query.chain ?? null },
    query.size,
    (query.page - 1) * query.size,
  );
  const transactions = await repos.treasuryConsole.transactionsOfSweeps(rows.map((r) => r.id));
  const decimals = await decimalsOf(repos);
  return {
    total,
    list: rows.map((r) => {
      const places = decimals(r.chain, r.currency);
      const native = nativeOf(r.chain);
      return {
        id: r.id,
        chain: r.chain,
        currency: r.currency,
        kind: r.kind,
        status: r.status,
        amountBaseUnits: r.amount,
        amount: places === null ? r.amount : fromBaseUnits(BigInt(r.amount), places),
        fromAddress: r.from_address,
        toAddress: r.to_address,
        username: r.username,
        attempts: r.attempts,
        lastError: r.last_error,
        reason: r.reason,
        createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at),
        sweptAt: r.swept_at === null ? null : Number(r.swept_at),
        transactions: transactions
          .filter((t) => t.sweep_id === r.id)
          .map((t) => ({
            id: t.id,
            purpose: t.purpose,
            txHash: t.tx_hash,
            status: t.status,
            nonce: t.nonce,
            fee: t.fee_paid === null ? null : fromBaseUnits(BigInt(t.fee_paid), native.decimals),
            feeCurrency: native.currency,
            createdAt: Number(t.created_at),
            confirmedAt: t.confirmed_at === null ? null : Number(t.confirmed_at),
          })),
      };
    }),
  };
}
