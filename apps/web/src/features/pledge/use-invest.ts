import { CHAINS, compareAmounts, Money, SUBMODES, toBaseUnits } from '@aidf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { assertBoundAccount } from '../../lib/bound-wallet.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY, balanceIn } from '../../lib/use-assets.ts';
import { sleep, useMounted, type WalletSteps } from '../../lib/use-wallet-action.ts';
import { FUND_INFO_KEY } from './use-fund-info.ts';

/** The invest failed on chain (the dialog shows it); `key` is its message. */
export class InvestStopped extends Error {
  constructor(readonly key: 'pledge.invest.failed') {
    super(key);
    this.name = 'InvestStopped';
  }
}

export const INVEST_INFO_KEY = ['invest-info'] as const;
/** How often the credit is looked for once the invest is mined (the watcher waits for the confirmations). */
const CREDIT_POLL_MS = 2_000;

export type InvestStage =
  | { kind: 'idle' }
  | { kind: 'approving' }
  | { kind: 'investing' }
  | { kind: 'mining'; txId: string }
  | { kind: 'crediting'; txId: string }
  | { kind: 'credited'; amount: string }
  | { kind: 'failed' };

/** The invest contract's network info; null while the chain has none configured (81034): no offer then. */
export function useInvestInfo(enabled: boolean) {
  const call = useApi();
  return useQuery({
    queryKey: INVEST_INFO_KEY,
    queryFn: async () => {
      try {
        return await call('investInfo', {});
      } catch (error) {
        if (error instanceof ApiError && error.code === 81034) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}

/**
 * "Invest from wallet" (RULES.md "Pledge"): the wallet approves the invest contract for the maximum (only when
 * its allowance is short), calls invest(amount), each receipt polled every 500 ms (SPEC.md point 7); then the
 * balance is polled until the watcher has credited the invest after its confirmations.
 */
export function useInvest() {
  const call = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<InvestStage>({ kind: 'idle' });
  const alive = useMounted();

  const invest = useCallback(
    async (
      amount: string,
      target: { investAddress: string; tokenAddress: string; decimals: number },
      steps: WalletSteps,
    ) => {
      const { connector, address: from } = await steps.connect(CHAINS.bsc.name);
      const calls = connector.contracts;
      if (!calls) throw new Error('this wallet cannot call contracts');
      // The watcher credits the account bound to the sender: another wallet's invest would not reach this one.
      const { bindAddress } = await call('cowUserIndex', {});
      const bound = bindAddress.find((b) => b.currency === CHAINS.bsc.currency)?.walletAddress ?? null;
      assertBoundAccount(CHAINS.bsc.name, from, bound);
      const units = toBaseUnits(amount, target.decimals);
      const assets = await call('getAssets', { params: { mid: session.userInfo?.mid ?? '' } });
      const before = balanceIn(assets, 'aidf', SUBMODES.normal);
      try {
        if ((await calls.allowance(from, target.tokenAddress, target.investAddress)) < units) {
          setStage({ kind: 'approving' });
          const approveTx = await calls.approveMax(from, target.tokenAddress, target.investAddress);
          const approved = await steps.mined(approveTx);
          if (approved === null) return;
          if (!approved) throw new InvestStopped('pledge.invest.failed');
        }
        setStage({ kind: 'investing' });
        const txId = await calls.invest(from, target.investAddress, units);
        setStage({ kind: 'mining', txId });
        const ok = await steps.mined(txId);
        if (ok === null) return;
        if (!ok) throw new InvestStopped('pledge.invest.failed');
        setStage({ kind: 'crediting', txId });
      } catch (error) {
        if (alive.current) setStage(error instanceof InvestStopped ? { kind: 'failed' } : { kind: 'idle' });
        throw error;
      }
      const expected = new Money(before).plus(amount).toFixed();
      while (alive.current) {
        const now = await call('getAssets', { params: { mid: session.userInfo?.mid ?? '' } }).catch(() => null);
        if (now && compareAmounts(balanceIn(now, 'aidf', SUBMODES.normal), expected) >= 0) {
          await Promise.all(
            [ASSETS_KEY, INVEST_INFO_KEY, FUND_INFO_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          );
          setStage({ kind: 'credited', amount });
          return;
        }
        await sleep(CREDIT_POLL_MS);
      }
    },
    [call, alive, queryClient, session.userInfo?.mid],
  );

  return { stage, invest, reset: () => setStage({ kind: 'idle' }) };
}
