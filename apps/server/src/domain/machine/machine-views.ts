import { Money, moneyString, WORTH_CURRENCY } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { tokenHashOf, usedSession } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import type { MachineConfig } from './machine-config.ts';
import { cachedOrderContext } from './order-context-cache.ts';
import { type OrderContext, orderAnswer, toMachine, toOrder, toPriceItem } from './order-view.ts';
import { payTokens } from './pay-tokens.ts';

/** Where the client pays: the config and, per chain, how each currency paid there is sent. */
export async function orderContext(repos: Repositories, config: MachineConfig): Promise<OrderContext> {
  return { config, tokens: await payTokens(repos) };
}

/** What is on sale and the mining settings: the same for every user and for a visitor. */
export async function machinePrices(repos: Repositories, config: MachineConfig) {
  const items = await repos.machines.itemsOnSale();
  return {
    aiMinningPriceItems: items.map((item) => toPriceItem(item, config)),
    worthCurrency: WORTH_CURRENCY,
    dailyRate: moneyString(new Money(config.dailyRate)),
    capMultiple: moneyString(new Money(config.capMultiple)),
  };
}

export async function machineIndex(repos: Repositories, userId: bigint, config: MachineConfig) {
  const [prices, highest, running, open] = await Promise.all([
    machinePrices(repos, config),
    repos.machines.highestWorth(userId),
    repos.machines.hasRunningMachine(userId),
    repos.machines.openOrderOf(userId),
  ]);
  return {
    ...prices,
    highestWorth: moneyString(new Money(highest)),
    hasRunningMachine: running,
    openOrder: open ? await toOrder(repos, open, await orderContext(repos, config)) : null,
  };
}

/**
 * The order-status poll: the session and the user's own order with what it still lacks in one query, the
 * context from a few seconds' cache (order-context-cache.ts). 401 as app.authenticate answers it; another user's
 * order 1404, as a missing one.
 */
export async function pollOrder(
  repos: Repositories,
  token: string | null,
  orderId: bigint,
  config: () => Promise<MachineConfig>,
  now = new Date(),
) {
  const tokenHash = token ? tokenHashOf(token) : null;
  if (!tokenHash) throw new AppError(401);
  const [polled, context] = await Promise.all([
    repos.orderStatus.poll(tokenHash, orderId, now),
    cachedOrderContext(repos, async () => orderContext(repos, await config())),
  ]);
  if (!polled) throw new AppError(401);
  await usedSession(repos, tokenHash, polled.session, now);
  if (!polled.found) throw new AppError(1404);
  return orderAnswer(polled.found.order, polled.found.extras, context);
}

export async function orderView(repos: Repositories, order: OrderRow, config: MachineConfig) {
  return toOrder(repos, order, await orderContext(repos, config));
}

export async function machinePage(repos: Repositories, userId: bigint, page: { pageNum: number; pageSize: number }) {
  const { rows, total } = await repos.machines.machinePage(userId, page.pageSize, (page.pageNum - 1) * page.pageSize);
  return { list: rows.map((r) => toMachine(r.machine, r.orderNo)), total };
}
