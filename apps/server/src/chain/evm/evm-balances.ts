import { type Address, erc20Abi, multicall3Abi } from 'viem';
import {
  addBalance,
  type BalanceRead,
  type ReadLimits,
  type ReadToken,
  shortError,
  withRetries,
} from '../balance-reads.ts';
import { bscReadClient } from './bsc-client.ts';

/** Multicall3's address on BNB Smart Chain (and on the dev chain, placed there by @aidf/devchain). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * Balances on BNB Smart Chain of `addresses` in each token (BNB through Multicall3's getEthBalance, a token's
 * balanceOf) at one block: every batch is an `eth_call` of Multicall3's aggregate3 with that block number, so all
 * answers are of the same state however many batches there are. An address's calls stay in one batch; a batch
 * that still fails after its attempts (an error, a timeout, a 429) leaves its addresses unread, and a call that
 * fails inside a batch leaves its address unread, and so does every batch not answered when `signal` aborts (the
 * report's deadline). `blockNumber` is chosen by the caller (chain-holdings.ts).
 */
export async function readEvmBalances(
  rpcUrl: string,
  p: { addresses: string[]; tokens: ReadToken[]; blockNumber: bigint; limits: ReadLimits; signal?: AbortSignal },
): Promise<BalanceRead> {
  const client = bscReadClient(rpcUrl, p.limits.timeoutMs);
  const read: BalanceRead = { at: p.blockNumber, balances: new Map(), unread: [] };
  const perAddress = Math.max(1, p.tokens.length);
  const addressesPerBatch = Math.max(1, Math.floor(p.limits.evmCallsPerBatch / perAddress));
  const batches: string[][] = [];
  for (let at = 0; at < p.addresses.length; at += addressesPerBatch) {
    batches.push(p.addresses.slice(at, at + addressesPerBatch));
  }
  // A few batches at once: each is one eth_call, heavy enough that more in flight would only trip rate limits.
  const IN_FLIGHT = 4;
  for (let at = 0; at < batches.length; at += IN_FLIGHT) {
    await Promise.all(
      batches.slice(at, at + IN_FLIGHT).map(async (batch) => {
        const calls = batch.flatMap((owner) =>
          p.tokens.map((token) =>
            token.contract === null
              ? {
                  address: MULTICALL3_ADDRESS,
                  abi: multicall3Abi,
                  functionName: 'getEthBalance' as const,
                  args: [owner as Address] as const,
                }
              : {
                  address: token.contract as Address,
                  abi: erc20Abi,
                  functionName: 'balanceOf' as const,
                  args: [owner as Address] as const,
                },
          ),
        );
        try {
          const results = await withRetries(
            p.limits.attempts,
            async () => {
              const answers = await client.multicall({
                contracts: calls,
                multicallAddress: MULTICALL3_ADDRESS,
                blockNumber: p.blockNumber,
                allowFailure: true,
                // Batches are ours (by address); viem's own split is by calldata bytes.
                batchSize: 0,
              });
              // viem answers a failed eth_call (an error, a timeout, a 429) as every call failing: tried again.
              const first = answers[0];
              if (first?.status === 'failure' && answers.every((a) => a.status === 'failure')) throw first.error;
              return answers;
            },
            p.signal,
          );
          batch.forEach((owner, i) => {
            const answers = results.slice(i * p.tokens.length, (i + 1) * p.tokens.length);
            const failed = answers.find((a) => a.status === 'failure');
            if (failed) {
              read.unread.push({ address: owner, error: shortError(failed.error) });
              return;
            }
            p.tokens.forEach((token, j) => {
              addBalance(read.balances, owner, token.currency, answers[j]?.result as bigint);
            });
          });
        } catch (error) {
          const why = shortError(error);
          for (const owner of batch) read.unread.push({ address: owner, error: why });
        }
      }),
    );
  }
  return read;
}
