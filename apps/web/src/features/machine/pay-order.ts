import { CHAINS, type TChainName, type TOrder, toBaseUnits } from '@aidf/contract';
import { assertBoundAccount } from '../../lib/bound-wallet.ts';
import type { WalletSteps } from '../../lib/use-wallet-action.ts';
import { setSolanaRpcUrl } from '../../wallet/solana-rpc.ts';
import type { OnChainTransfer, WalletConnector } from '../../wallet/types.ts';
import { bscProblem, chainProblem, lackOf, solProblem } from './pay-check.ts';

/** A check of SPEC.md point 5 refused the payment; `key` is the message to show. */
export class PayProblem extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'PayProblem';
  }
}

const SOL_DECIMALS = 9;

/** The transfers that pay the order's lack on BNB Smart Chain: native BNB, then EOEO (ERC-20). */
function bscTransfers(order: TOrder): OnChainTransfer[] {
  const target = order.payBsc;
  if (!target) throw new PayProblem('machine.payUnavailable');
  const transfers: OnChainTransfer[] = [];
  for (const { currency, amount } of lackOf(order)) {
    if (currency === 'bnb')
      transfers.push({ to: target.collectionAddress, token: { contract: null, decimals: 18 }, amount });
    if (currency === 'eoeo') {
      if (!target.eoeoContract) throw new PayProblem('machine.payUnavailable');
      transfers.push({
        to: target.collectionAddress,
        token: { contract: target.eoeoContract, decimals: target.eoeoDecimals },
        amount,
      });
    }
  }
  return transfers;
}

async function checkBsc(connector: WalletConnector, from: string, order: TOrder, transfers: OnChainTransfer[]) {
  const fees = await Promise.all(transfers.map((t) => connector.transferFee(from, t)));
  const eoeo = transfers.find((t) => t.token.contract !== null);
  const eoeoBalance = eoeo ? await connector.balanceOf(from, eoeo.token) : '0';
  const problem = bscProblem({
    lackBnb: toBaseUnits(order.lackBnb, 18),
    lackEoeo: eoeo ? toBaseUnits(order.lackEoeo, eoeo.token.decimals) : 0n,
    nativeBalance: toBaseUnits(fees[0]?.nativeBalance ?? '0', 18),
    eoeoBalance: eoeo ? toBaseUnits(eoeoBalance, eoeo.token.decimals) : 0n,
    gas: fees.reduce((sum, f) => sum + toBaseUnits(f.fee, 18), 0n),
  });
  if (problem) throw new PayProblem(problem);
}

async function checkSol(connector: WalletConnector, from: string, transfer: OnChainTransfer) {
  const { fee, nativeBalance } = await connector.transferFee(from, transfer);
  const problem = solProblem({
    lackSol: toBaseUnits(transfer.amount, SOL_DECIMALS),
    balance: toBaseUnits(nativeBalance, SOL_DECIMALS),
    fee: toBaseUnits(fee, SOL_DECIMALS),
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
  const lack = lackOf(order);
  const wrongChain = chainProblem(lack, chain);
  if (wrongChain) throw new PayProblem(wrongChain);
  // On BNB Smart Chain connect() also switches the wallet to 0x38 (or adds it).
  const { connector, address: from } = await steps.connect(chain);
  const send = async (transfer: OnChainTransfer) => {
    const txId = await connector.sendTransfer(from, transfer);
    steps.sent();
    await onSent(txId);
  };
  if (chain === CHAINS.bsc.name) {
    const transfers = bscTransfers(order);
    // Only the bound address's transfers count for the order.
    assertBoundAccount(chain, from, order.payBsc?.fromAddress ?? null);
    await checkBsc(connector, from, order, transfers);
    for (const transfer of transfers) await send(transfer);
    return;
  }
  const target = order.paySol;
  if (!target) throw new PayProblem('machine.payUnavailable');
  assertBoundAccount(chain, from, target.fromAddress);
  setSolanaRpcUrl(target.rpcUrl);
  const transfer = {
    to: target.collectionAddress,
    token: { contract: null, decimals: SOL_DECIMALS },
    amount: order.lackSol,
  };
  await checkSol(connector, from, transfer);
  await send(transfer);
}
