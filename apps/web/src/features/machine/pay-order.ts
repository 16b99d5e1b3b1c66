import { CHAINS, type TChainName, type TOrder, toBaseUnits } from '@aidf/contract';
import { assertBoundAccount } from '../../lib/bound-wallet.ts';
import type { WalletSteps } from '../../lib/use-wallet-action.ts';
import { setSolanaRpcUrl } from '../../wallet/solana-rpc.ts';
import type { OnChainTransfer, WalletConnector } from '../../wallet/types.ts';
import { bscProblem, chainProblem, lackOf, PayProblem, payTargetOf, payTransfers, solProblem } from './pay-check.ts';

const isNative = (transfer: OnChainTransfer) => transfer.token.contract === null;
const units = (amount: string, transfer: OnChainTransfer) => toBaseUnits(amount, transfer.token.decimals);

async function checkBsc(connector: WalletConnector, from: string, transfers: OnChainTransfer[]) {
  const fees = await Promise.all(transfers.map((t) => connector.transferFee(from, t)));
  const native = transfers.find(isNative);
  const tokens = await Promise.all(
    transfers
      .filter((t) => !isNative(t))
      .map(async (t) => ({ lack: units(t.amount, t), balance: units(await connector.balanceOf(from, t.token), t) })),
  );
  const nativeDecimals = CHAINS.bsc.nativeDecimals;
  const problem = bscProblem({
    nativeLack: native ? units(native.amount, native) : 0n,
    nativeBalance: toBaseUnits(fees[0]?.nativeBalance ?? '0', nativeDecimals),
    gas: fees.reduce((sum, f) => sum + toBaseUnits(f.fee, nativeDecimals), 0n),
    tokens,
  });
  if (problem) throw new PayProblem(problem);
}

async function checkSol(connector: WalletConnector, from: string, transfers: OnChainTransfer[]) {
  // SPEC.md point 5's Solana checks are SOL's (its minimum, the rent): a token paid there has none written yet.
  const [transfer, ...others] = transfers;
  if (!transfer || others.length > 0 || !isNative(transfer)) throw new PayProblem('machine.payUnavailable');
  const { fee, nativeBalance } = await connector.transferFee(from, transfer);
  const problem = solProblem({
    lackSol: units(transfer.amount, transfer),
    balance: units(nativeBalance, transfer),
    fee: units(fee, transfer),
  });
  if (problem) throw new PayProblem(problem);
}

/**
 * Pays what the order still lacks from the wallet of `chain`, exactly as SPEC.md point 5 says,
 * and hands each transaction id to `onSent` as soon as the wallet answers it (the caller submits it). The wallet
 * comes from the caller's wallet action (lib/use-wallet-action.ts), which owns the toasts of its stages.
 */
export async function payOrder(
  order: TOrder,
  chain: TChainName,
  steps: WalletSteps,
  onSent: (txId: string) => Promise<void>,
) {
  const wrongChain = chainProblem(lackOf(order), chain);
  if (wrongChain) throw new PayProblem(wrongChain);
  // On BNB Smart Chain connect() also switches the wallet to 0x38 (or adds it).
  const { connector, address: from } = await steps.connect(chain);
  const transfers = payTransfers(order, chain);
  // Only the bound address's transfers count for the order.
  assertBoundAccount(chain, from, payTargetOf(order, chain)?.fromAddress ?? null);
  if (chain === CHAINS.bsc.name) await checkBsc(connector, from, transfers);
  else {
    setSolanaRpcUrl(order.paySol?.rpcUrl ?? null);
    await checkSol(connector, from, transfers);
  }
  for (const transfer of transfers) {
    const txId = await connector.sendTransfer(from, transfer);
    steps.sent();
    await onSent(txId);
  }
}
