import { Money, moneyString, WORTH_CURRENCY } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { OrderRow } from '../../db/repositories/machines.ts';
import { readWithSession, tokenHashOf, usedSession } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import {
  type CollectionFallback,
  MACHINE_SETTING_KEYS,
  type MachineConfig,
  machineConfigFrom,
} from './machine-config.ts';
import { cachedOrderContext } from './order-context-cache.ts';
import { type OrderContext, orderAnswer, type SaleItem, toMachine, toOrder, toPriceItem } from './order-view.ts';
import { payTokens, payTokensOf } from './pay-tokens.ts';

/** Where the client pays: the config and, per chain, how each currency paid there is sent. */
export async function orderContext(repos: Repositories, config: MachineConfig): Promise<OrderContext> {
  return { config, tokens: await payTokens(repos) };
}

/** What is on sale and the mining settings: the same for every user and for a visitor. */
export async function machinePrices(repos: Repositories, config: MachineConfig) {
  return pricesAnswer(await repos.machines.itemsOnSale(), config);
}

function pricesAnswer(items: readonly SaleItem[], config: MachineConfig) {
  return {
    aiMinningPriceItems: items.map((item) => toPriceItem(item, config)),
    worthCurrency: WORTH_CURRENCY,
    dailyRate: moneyString(new Money(config.dailyRate)),
    capMultiple: moneyString(new Money(config.capMultiple)),
  };
}

/**
 * The machine index of the token's user (what is on sale, the highest worth bought, a running machine, the open
 * order as its poll answers it) and the session: read in one statement (the index is polled often, and a session
 * looked up first was one more round trip, and the open order's extras and the token contracts more still); 401 when
 * the token names no live session, as the session check answers. `config` gives what the settings cannot: the
 * collection addresses' fallback and the Solana RPC the client may use.
 */
export async function machineIndexOfSession(
  repos: Repositories,
  token: string | null,
  config: { fallback: CollectionFallback; publicSolanaRpcUrl: string | null },
  now = new Date(),
) {
  const read = await readWithSession(repos, token, now, (tokenHash) =>
    repos.sessionReads.machineIndex({ tokenHash, now, settingKeys: MACHINE_SETTING_KEYS }),
  );
  const machine = {
    ...machineConfigFrom(read.settings, config.fallback),
    publicSolanaRpcUrl: config.publicSolanaRpcUrl,
  };
  const open = read.openOrder;
  const index = {
    ...pricesAnswer(read.items, machine),
    highestWorth: moneyString(new Money(read.highestWorth)),
    hasRunningMachine: read.hasRunningMachine,
    openOrder: open
      ? orderAnswer(open.order, open.extras, { config: machine, tokens: payTokensOf(read.tokens) })
      : null,
  };
  return { session: read.user, index };
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
