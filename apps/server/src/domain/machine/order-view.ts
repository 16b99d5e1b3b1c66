import { BSC_CHAIN_ID_HEX, Money, moneyString, type TMachine, type TOrder, type TPriceItem } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { MachineRow, OrderRow, PriceItemRow } from '../../db/repositories/machines.ts';
import type { OrderExtras } from '../../db/repositories/order-status.ts';
import type { MachineConfig } from './machine-config.ts';

const text = (value: string | Money) => moneyString(new Money(value));

/** What the detail dialog shows of an item: income a day, cap, and whole days until it is out. */
export function toPriceItem(item: PriceItemRow, config: MachineConfig): TPriceItem {
  const rate = new Money(config.dailyRate);
  const multiple = new Money(config.capMultiple);
  return {
    id: String(item.id),
    worth: text(item.worth),
    bnbAmount: text(item.bnbAmount),
    solAmount: text(item.solAmount),
    usdtAmount: text(item.usdtAmount),
    eoeoAmount: text(item.eoeoAmount),
    dailyIncome: moneyString(new Money(item.worth).times(rate)),
    cap: moneyString(new Money(item.worth).times(multiple)),
    daysToOut: multiple.div(rate).toDecimalPlaces(0, Money.ROUND_UP).toNumber(),
  };
}

/** What is still lacking of one currency: the order's lack less its confirmed payments. */
export function remaining(lack: string, paid: string): Money {
  return new Money(lack).minus(new Money(paid));
}

export interface OrderContext {
  config: MachineConfig;
  eoeo: { contract: string | null; decimals: number };
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
    lackBnb: moneyString(remaining(order.lackBnb, order.paidBnb)),
    lackEoeo: moneyString(remaining(order.lackEoeo, order.paidEoeo)),
    lackSol: moneyString(remaining(order.lackSol, order.paidSol)),
    orderLackBnb: text(order.lackBnb),
    orderLackEoeo: text(order.lackEoeo),
    orderLackSol: text(order.lackSol),
    unconfirmedBnb: text(unconfirmed.get('bnb') ?? '0'),
    unconfirmedEoeo: text(unconfirmed.get('eoeo') ?? '0'),
    unconfirmedSol: text(unconfirmed.get('sol') ?? '0'),
    itemId: String(order.itemId),
    worth: text(order.worth),
    createTime: order.createdAt.getTime(),
    expiresAt: order.expiresAt.getTime(),
    machineId: extras.machineId === null ? null : String(extras.machineId),
    payBsc: collection.bsc
      ? {
          collectionAddress: collection.bsc,
          fromAddress: from('bnb'),
          chainId: BSC_CHAIN_ID_HEX,
          eoeoContract: context.eoeo.contract,
          eoeoDecimals: context.eoeo.decimals,
        }
      : null,
    paySol: collection.solana
      ? {
          collectionAddress: collection.solana,
          fromAddress: from('sol'),
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
