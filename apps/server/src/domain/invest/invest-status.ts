import type { InvestSource } from '../../chain/evm/evm-invest-source.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import type { InvestNotCredited } from '../../db/repositories/invests.ts';
import { errorSummary } from '../chain/error-summary.ts';
import { investReserve } from './invest-info.ts';

/**
 * The invest contract in the operator's chain-status: its address, the watcher's cursor, the reserve check
 * behind 81035 (balance, recorded, shortfall), and the Invested events from senders bound to no account,
 * recorded and not credited: an operator decides (credit by hand once the sender is known, or refund on chain).
 * `notCredited` lists the events credited to no one for another reason: no AIDF moved with them
 * ('no-transfer': a contract that only emits the event), or their transfer was credited as another kind.
 */
export async function investStatus(repos: Repositories, source: InvestSource) {
  const cursor = await repos.scanCursors.invest.cursor(source.chain);
  let reserve: Awaited<ReturnType<typeof investReserve>> | { error: string };
  try {
    reserve = await investReserve(repos, source);
  } catch (error) {
    reserve = { error: errorSummary(error) };
  }
  const recorded = (await repos.invests.notCredited()).map((i) => ({
    id: i.id.toString(),
    fromAddress: i.fromAddress,
    amount: i.amount,
    txHash: i.txHash,
    logIndex: i.logIndex,
    blockNumber: i.blockNumber.toString(),
    seenAt: i.createdAt.toISOString(),
    reason: i.notCredited as InvestNotCredited,
  }));
  // Value from senders bound to no account, apart: an operator can credit it once the sender is known.
  const unbound = recorded.flatMap(({ reason, ...i }) => (reason === 'unbound' ? [i] : []));
  const notCredited = recorded.flatMap(({ reason, ...i }) => (reason === 'unbound' ? [] : [{ ...i, reason }]));
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
    notCredited,
  };
}
