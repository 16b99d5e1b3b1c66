import type { SweepRow } from '../../../db/repositories/sweeps.ts';
import { checkDestination } from '../../withdraw/destination.ts';
import { broadcastTx, cappedGasPrice, type SweepTxContext, signAndRecord } from '../bsc-sweeper-tx.ts';
import type { SweepStep } from '../sweep-step.ts';

/** The hot wallet's excess: a planned to-cold sweep is signed, or held when the cold address is refused. */
export const SIGN_TO_COLD = { from: ['planned'], to: ['sweeping', 'held'] } as const satisfies SweepStep;

/**
 * The hot wallet's excess to the cold address (checked again here: never the zero address, a deposit address or the
 * hot wallet), signed with the hot wallet's nonce (shared with payouts), recorded with the move to 'sweeping', sent.
 */
export async function signToCold(
  ctx: SweepTxContext,
  s: SweepRow,
  token: `0x${string}` | null,
  head: bigint,
): Promise<'signed' | 'moved' | 'held'> {
  const { repos, chain } = ctx;
  const to = await checkDestination(s.toAddress, {
    hotWallet: chain.hotWallet,
    isDepositAddress: (a) => repos.depositAddresses.isPlatformAddress(a),
  });
  if (!to.ok) {
    await repos.sweeps.move(s.id, 'planned', 'held', { reason: `cold address refused: ${to.reason}` });
    return 'held';
  }
  const row = await signAndRecord(ctx, s, {
    purpose: 'sweep',
    fromAddress: chain.hotWallet,
    to: to.address,
    token,
    amount: BigInt(s.amount),
    gasPrice: await cappedGasPrice(ctx),
    head,
    move: { from: 'planned', to: 'sweeping' },
  });
  if (!row) return 'moved';
  await broadcastTx(ctx, { ...s, status: 'sweeping' }, row);
  return 'signed';
}
