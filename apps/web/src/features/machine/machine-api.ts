import { ORDER_POLL_INTERVAL_MS, ORDER_POLL_MAX_TRIES, type TOrder } from '@aidf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { ASSETS_KEY } from '../../lib/use-assets.ts';
import { FOLLOW_MS } from '../../lib/use-follow.ts';
import { awaitingOrderMove } from './order-follow.ts';

export const MACHINE_INDEX_KEY = ['machine-index'] as const;
export const MACHINES_KEY = ['machines'] as const;

/** The price items, the mining settings and the buy state (POST /v1/cow/home/index). */
export function useMachineIndex() {
  const call = useApi();
  const session = useSession();
  return useQuery({
    queryKey: [...MACHINE_INDEX_KEY, session.userInfo?.mid],
    queryFn: () => call('machineIndex', {}),
    enabled: session.isLogin,
  });
}

export const MACHINE_PRICES_KEY = ['machine-prices'] as const;

/** What is on sale, for a visitor (GET /v1/cow/home/prices, no token): a signed-in user reads the index instead. */
export function useMachinePrices() {
  const call = useApi();
  const session = useSession();
  return useQuery({
    queryKey: MACHINE_PRICES_KEY,
    queryFn: () => call('machinePrices', {}),
    enabled: !session.isLogin,
  });
}

/** The unit of every worth on the Miner tab, as the server sends it (the screen renders once the list is in). */
export function useWorthCurrency(): string {
  const index = useMachineIndex().data;
  const prices = useMachinePrices().data;
  return index?.worthCurrency ?? prices?.worthCurrency ?? '';
}

/** The user's machines, newest first (one page of 50: a user has few, each bought after the last is out). */
export function useMachines() {
  const call = useApi();
  const session = useSession();
  return useQuery({
    queryKey: [...MACHINES_KEY, session.userInfo?.mid],
    queryFn: () => call('machineList', { params: { pageNum: '1', pageSize: '50' } }),
    enabled: session.isLogin,
  });
}

/** After a paid purchase, a cancel or an expiry: balances, index and machine list are fetched again. */
export function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
        queryClient.invalidateQueries({ queryKey: MACHINE_INDEX_KEY }),
        queryClient.invalidateQueries({ queryKey: MACHINES_KEY }),
      ]),
    [queryClient],
  );
}

/**
 * The status of an order pending confirmation, polled every 3 s while it stays 2, at most 100 times
 * (`round` starts a new count of 100, e.g. after another payment). `timedOut` once the 100 polls are spent.
 */
export function useOrderPoll(order: TOrder | null, round: number) {
  const call = useApi();
  const queryClient = useQueryClient();
  const orderNo = order?.orderNo ?? '';
  const queryKey = ['machine-order', orderNo, round];
  const query = useQuery({
    queryKey,
    queryFn: () => call('orderStatus', { params: { orderId: orderNo } }),
    enabled: order?.status === 2,
    initialData: order ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) =>
      q.state.data?.status === 2 && q.state.dataUpdateCount + q.state.errorUpdateCount < ORDER_POLL_MAX_TRIES
        ? ORDER_POLL_INTERVAL_MS
        : false,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
  const state = queryClient.getQueryState(queryKey);
  const polls = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  const timedOut = query.data?.status === 2 && polls >= ORDER_POLL_MAX_TRIES;
  return { order: query.data ?? order, timedOut };
}

/**
 * An order awaiting payment (status 0) is looked at every few seconds while its dialog is open and the tab is in
 * the foreground: the watcher also finds a payment sent from another wallet, an underpayment, or the order
 * expires. Each move is handed to `onMove` once with the order as it now is; the dialog then follows it as after
 * its own payment (useOrderPoll's next round).
 */
export function useFollowAwaitingOrder(
  order: TOrder | null,
  onMove: (latest: TOrder, move: NonNullable<ReturnType<typeof awaitingOrderMove>>) => void,
) {
  const call = useApi();
  const orderNo = order?.orderNo ?? '';
  const query = useQuery({
    queryKey: ['machine-order-awaiting', orderNo],
    queryFn: () => call('orderStatus', { params: { orderId: orderNo } }),
    enabled: order?.status === 0,
    refetchInterval: FOLLOW_MS,
    retry: false,
    gcTime: 0,
  });
  const latest = useRef({ order, onMove });
  latest.current = { order, onMove };
  useEffect(() => {
    const { order: shown, onMove: tell } = latest.current;
    if (!query.data || !shown) return;
    const move = awaitingOrderMove(shown, query.data);
    if (move) tell(query.data, move);
  }, [query.data]);
}
