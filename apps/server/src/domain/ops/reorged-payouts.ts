import type { Hex } from 'viem';
import type { ChainServices } from '../../chain/chain-services.ts';
import type { opsGaugesRepository } from '../../db/repositories/ops-gauges.ts';
import { withTimeout } from './chain-heads.ts';

/**
 * How far back confirmed payouts are checked against the chain: about four hours of BNB Smart Chain blocks, far
 * deeper than any reorganisation, few enough receipts for a scrape.
 */
const CHECKED_BLOCKS = 5_000n;
const CHECKED_PAYOUTS = 100;
const RECEIPT_TIMEOUT_MS = 5_000;

/**
 * The confirmed payouts whose transaction the chain no longer has in the block they were confirmed in: a
 * reorganisation deeper than the confirmations removed it (or moved it). The ledger says they were paid; the chain
 * says they were not (yet). They are held for an operator, never sent again by the worker: the same signed bytes
 * may still land on the new branch (docs/operator-guide.md "Chain faults"). One the new branch mined in another
 * block is paid, once. A receipt the RPC failed to answer is no finding (aidf_chain_up shows the RPC's trouble).
 * Answers the withdrawals' ids.
 */
export async function payoutsGoneFromChain(
  chains: ChainServices,
  gauges: ReturnType<typeof opsGaugesRepository>,
  head: bigint,
): Promise<string[]> {
  const client = chains.bsc?.client;
  if (!client) return [];
  const payouts = await gauges.recentConfirmedPayouts(head - CHECKED_BLOCKS, CHECKED_PAYOUTS);
  const gone = await Promise.all(
    payouts.map(async (p) => {
      const receipt = await withTimeout(client.getTransactionReceipt({ hash: p.txHash as Hex }), RECEIPT_TIMEOUT_MS)
        .then(() => 'mined' as const)
        .catch((error: unknown) =>
          error instanceof Error && error.name === 'TransactionReceiptNotFoundError' ? 'gone' : 'unknown',
        );
      return receipt === 'gone';
    }),
  );
  return payouts.filter((_, i) => gone[i]).map((p) => p.id);
}
