import {
  BSC_CHAIN_ID_HEX,
  CHAIN_PAID_CURRENCIES,
  CHAINS,
  MINER_CURRENCY_CODES,
  Money,
  moneyString,
  orderField,
  priceField,
  type TMachine,
  type TOrder,
  type TOrderAmountPrefix,
  type TOrderField,
  type TPriceField,
  type TPriceItem,
} from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { MachineRow, OrderRow, PriceItemRow } from '../../db/repositories/machines.ts';
import type { OrderExtras } from '../../db/repositories/order-status.ts';
import type { MachineConfig } from './machine-config.ts';
import { stillLacking } from './order-payment.ts';
import type { PayTokens } from './pay-tokens.ts';

const text = (value: string | Money) => moneyString(new Money(value));

/** What a price item's answer needs of its row. */
export type SaleItem = Pick<PriceItemRow, 'id' | 'worth' | 'amounts'>;

/** What the detail dialog shows of an item: income a day, cap, and whole days until it is out. */
export function toPriceItem(item: SaleItem, config: MachineConfig): TPriceItem {
  const rate = new Money(config.dailyRate);
  const multiple = new Money(config.capMultiple);
  return {
    id: String(item.id),
    worth: text(item.worth),
    ...priceAmounts(item),
    dailyIncome: moneyString(new Money(item.worth).times(rate)),
    cap: moneyString(new Money(item.worth).times(multiple)),
    daysToOut: multiple.div(rate).toDecimalPlaces(0, Money.ROUND_UP).toNumber(),
  };
}

/** The item's price as SPEC.md's fields, one per currency the miner accepts ('0': not used). */
export function priceAmounts(item: Pick<PriceItemRow, 'amounts'>): Record<TPriceField, string> {
  return Object.fromEntries(MINER_CURRENCY_CODES.map((c) => [priceField(c), text(item.amounts[c] ?? '0')])) as Record<
    TPriceField,
    string
  >;
}

/** One field per currency paid on chain, `prefix` + currency (lackBnb, ...), from the order's figures of it. */
function orderAmounts<P extends TOrderAmountPrefix>(
  prefix: P,
  value: (currency: (typeof CHAIN_PAID_CURRENCIES)[number]) => Money,
) {
  return Object.fromEntries(CHAIN_PAID_CURRENCIES.map((c) => [orderField(prefix, c), moneyString(value(c))])) as Record<
    TOrderField<P>,
    string
  >;
}

export interface OrderContext {
  config: MachineConfig;
  tokens: PayTokens;
}

/** The order as the client sees it (contract ZOrder), its extras read one by one. */
export async function toOrder(repos: Repositories, order: OrderRow, context: OrderContext): Promise<TOrder> {
  const [unconfirmed, bound, machine] = await Promise.all([
    order.status === 0 || order.status === 2
      ? repos.machines.unconfirmedFor(order.id, order.userId)
      : Promise.resolve(new Map<string, string>()),
    repos.boundAddresses.ofUser(order.userId),
    order.status === 1 ? repos.machines.machineOfOrder(order.id) : Promise.resolve(null),
  ]);
  return orderAnswer(
    order,
    {
      unconfirmed,
      bound: new Map(bound.map((b) => [b.currency, b.walletAddress])),
      machineId: machine?.id ?? null,
    },
    context,
  );
}

/** The order as the client sees it (contract ZOrder), from its row and its extras (orderStatusRepository). */
export function orderAnswer(order: OrderRow, extras: OrderExtras, context: OrderContext): TOrder {
  const { unconfirmed } = extras;
  const from = (currency: string) => extras.bound.get(currency) ?? null;
  const { collection } = context.config;
  return {
    orderNo: String(order.id),
    status: order.status as TOrder['status'],
    // What is still lacking now, the lack when the order was made, and what waits for its confirmations.
    ...orderAmounts('lack', (c) => stillLacking(order.amounts[c] ?? { lack: '0', paid: '0' })),
    ...orderAmounts('orderLack', (c) => new Money(order.amounts[c]?.lack ?? '0')),
    ...orderAmounts('unconfirmed', (c) => new Money(unconfirmed.get(c) ?? '0')),
    itemId: String(order.itemId),
    worth: text(order.worth),
    createTime: order.createdAt.getTime(),
    expiresAt: order.expiresAt.getTime(),
    machineId: extras.machineId === null ? null : String(extras.machineId),
    payBsc: collection.bsc
      ? {
          collectionAddress: collection.bsc,
          fromAddress: from(CHAINS.bsc.currency),
          tokens: context.tokens.bsc,
          chainId: BSC_CHAIN_ID_HEX,
        }
      : null,
    paySol: collection.solana
      ? {
          collectionAddress: collection.solana,
          fromAddress: from(CHAINS.solana.currency),
          tokens: context.tokens.solana,
          rpcUrl: context.config.publicSolanaRpcUrl ?? null,
        }
      : null,
  };
}

export function toMachine(row: MachineRow, orderNo: bigint): TMachine {
  const mined = new Money(row.mined);
  const cap = new Money(row.cap);
  return {
    id: String(row.id),
    orderNo: String(orderNo),
    worth: text(row.worth),
    mined: moneyString(mined),
    cap: moneyString(cap),
    progress: moneyString(mined.div(cap).toDecimalPlaces(18, Money.ROUND_DOWN)),
    dailyIncome: text(row.dailyIncome),
    status: row.status === 'out' ? 'out' : 'running',
    createTime: row.createdAt.getTime(),
    outTime: row.outAt ? row.outAt.getTime() : null,
  };
}
