import type { InvestSource } from '../../chain/evm/evm-invest-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { investReserve } from './invest-info.ts';

/**
 * The invest contract in the operator's chain-status: its address, the watcher's cursor, the reserve check
 * behind 81035 (balance, recorded, shortfall), and the Invested events from senders bound to no account,
 * recorded and not credited: an operator decides (credit by hand once the sender is known, or refund on chain).
 */
export async function investStatus(repos: Repositories, source: InvestSource) {
  const cursor = await repos.scanCursors.invest.cursor(source.chain);
  let reserve: Awaited<ReturnType<typeof investReserve>> | { error: string };
  try {
    reserve = await investReserve(repos, source);
  } catch (error) {
    reserve = { error: errorSummary(error) };
  }
  const unbound = (await repos.invests.unbound()).map((i) => ({
    id: i.id.toString(),
    fromAddress: i.fromAddress,
    amount: i.amount,
    txHash: i.txHash,
    logIndex: i.logIndex,
    blockNumber: i.blockNumber.toString(),
    seenAt: i.createdAt.toISOString(),
  }));
  return {
    chain: source.chain,
    contract: reserve && 'target' in reserve ? reserve.target.contract : null,
    balance: reserve && 'balance' in reserve ? reserve.balance : null,
    recorded: reserve && 'recorded' in reserve ? reserve.recorded : null,
    shortfall: reserve && 'shortfall' in reserve ? reserve.shortfall : null,
    reserveError: reserve && 'error' in reserve ? reserve.error : null,
    lastScannedBlock: cursor ? (cursor.nextBlock - 1n).toString() : null,
    scannedAt: cursor?.scannedAt?.toISOString() ?? null,
    rpcErrors: cursor?.rpcErrors.toString() ?? '0',
    lastError: cursor?.lastError ?? null,
    unbound,
  };
}
