import { Money, moneyString } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { AppError } from '../errors.ts';
import type { MachineConfig } from './machine-config.ts';
import { type OrderContext, toMachine, toOrder, toPriceItem } from './order-view.ts';

/** Where the client pays: the config and the pinned EOEO contract of BNB Smart Chain. */
export async function orderContext(repos: Repositories, config: MachineConfig): Promise<OrderContext> {
  const eoeo = (await repos.tokenConfigs.all()).find((t) => t.chainCurrency === 'bnb' && t.currency === 'eoeo');
  return { config, eoeo: { contract: eoeo?.contractAddress ?? null, decimals: eoeo?.decimals ?? 18 } };
}

export async function machineIndex(repos: Repositories, userId: bigint, config: MachineConfig) {
  const [items, highest, running, open] = await Promise.all([
    repos.machines.itemsOnSale(),
    repos.machines.highestWorth(userId),
    repos.machines.hasRunningMachine(userId),
    repos.machines.openOrderOf(userId),
  ]);
  return {
    aiMinningPriceItems: items.map((item) => toPriceItem(item, config)),
    dailyRate: moneyString(new Money(config.dailyRate)),
    capMultiple: moneyString(new Money(config.capMultiple)),
    highestWorth: moneyString(new Money(highest)),
    hasRunningMachine: running,
    openOrder: open ? await toOrder(repos, open, await orderContext(repos, config)) : null,
  };
}

/** The user's own order (1404 for another user's: an order number reveals nothing). */
export async function ownOrder(repos: Repositories, userId: bigint, orderId: bigint): Promise<OrderRow> {
  const order = await repos.machines.order(orderId);
  if (!order || order.userId !== userId) throw new AppError(1404);
  return order;
}

export async function orderView(repos: Repositories, order: OrderRow, config: MachineConfig) {
  return toOrder(repos, order, await orderContext(repos, config));
}

export async function machinePage(repos: Repositories, userId: bigint, page: { pageNum: number; pageSize: number }) {
  const { rows, total } = await repos.machines.machinePage(userId, page.pageSize, (page.pageNum - 1) * page.pageSize);
  return { list: rows.map((r) => toMachine(r.machine, r.orderNo)), total };
}
