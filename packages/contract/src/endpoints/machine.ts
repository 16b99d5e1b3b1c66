import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  CHAIN_PAID_CURRENCIES,
  MINER_CURRENCY_CODES,
  orderField,
  priceField,
  type TOrderAmountPrefix,
  type TOrderField,
  type TPriceField,
} from '../miner-currencies.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZCurrency, ZDecimalString, ZIdString, ZPageParams, ZText, ZTimeMs } from '../schemas.ts';

/** One decimal field per currency the miner accepts (MINER_CURRENCIES): bnbAmount, solAmount, usdtAmount, eoeoAmount. */
export const ZPriceAmounts = z.object(
  Object.fromEntries(MINER_CURRENCY_CODES.map((c) => [priceField(c), ZDecimalString])) as Record<
    TPriceField,
    typeof ZDecimalString
  >,
);

/** One decimal field per currency paid on chain: `prefix` + currency, e.g. lackBnb, lackEoeo, lackSol. */
function orderAmounts<P extends TOrderAmountPrefix>(prefix: P) {
  return Object.fromEntries(CHAIN_PAID_CURRENCIES.map((c) => [orderField(prefix, c), ZDecimalString])) as Record<
    TOrderField<P>,
    typeof ZDecimalString
  >;
}

/**
 * A price item (SPEC.md point 3): id, worth, bnbAmount, solAmount, usdtAmount, eoeoAmount; an amount of '0'
 * means the currency is not used. The rest is ours: what the detail dialog shows, computed by the server
 * from the item and the two settings (machine.dailyRate, machine.capMultiple), so the client does no maths.
 */
export const ZPriceItem = z.object({
  id: z.string(),
  worth: ZDecimalString,
  ...ZPriceAmounts.shape,
  /** AIDF the machine mines a day: worth × dailyRate. */
  dailyIncome: ZDecimalString,
  /** AIDF after which the machine is out: worth × capMultiple. */
  cap: ZDecimalString,
  /** Whole days of mining until it is out: ceil(capMultiple / dailyRate); the last day pays only up to the cap. */
  daysToOut: z.number().int().positive(),
});
export type TPriceItem = z.infer<typeof ZPriceItem>;

/**
 * Order status (SPEC.md point 4): 0 awaiting payment, 1 paid, 2 pending confirmation (a payment or a
 * submitted transaction id is waiting for its confirmations); ours: 3 cancelled by the user, 4 expired
 * (awaiting payment for more than 30 minutes). The client treats 3 and 4 as "purchase failed".
 */
export const ZOrderStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** How one currency paid on a chain is sent: the native coin (contract null) or a token's pinned contract. */
export const ZPayToken = z.object({
  currency: ZCurrency,
  contract: z.string().nullable(),
  decimals: z.number().int(),
});
export type TPayToken = z.infer<typeof ZPayToken>;

/** Where and how the lacking part is paid on one chain. */
export const ZOrderPayTarget = z.object({
  /** The platform's collection address on this chain: send the lacking amount here, from the bound address. */
  collectionAddress: z.string(),
  /** The user's bound address of this chain: only transfers from it count for the order. Null: not bound. */
  fromAddress: z.string().nullable(),
  /**
   * Every currency paid on this chain (MINER_CURRENCIES) that can be paid now: the native coin, and each token
   * whose contract is pinned in the token configuration. A lacking currency missing here cannot be paid yet.
   */
  tokens: z.array(ZPayToken),
});

export const ZOrder = z.object({
  orderNo: z.string(),
  status: ZOrderStatus,
  /** What is still lacking now: the order's lack minus its confirmed payments (SPEC.md names). Pay exactly these. */
  // lackBnb, lackEoeo, lackSol: one per currency paid on chain (MINER_CURRENCIES).
  ...orderAmounts('lack'),
  /** The lack when the order was made (what the balance did not cover). */
  ...orderAmounts('orderLack'),
  /** Seen on chain for this order but not yet confirmed (15 blocks on BNB Smart Chain, finalized on Solana). */
  ...orderAmounts('unconfirmed'),
  /** The price item bought and its worth. */
  itemId: z.string(),
  worth: ZDecimalString,
  createTime: ZTimeMs,
  /** When an order awaiting payment expires (createTime + 30 minutes). */
  expiresAt: ZTimeMs,
  /** The machine the paid order made; null until status 1. */
  machineId: z.string().nullable(),
  /** The currencies paid on BNB Smart Chain (native BNB, ERC-20 tokens); null when the chain is not set up. */
  payBsc: ZOrderPayTarget.extend({
    /** '0x38'. */
    chainId: z.string(),
  }).nullable(),
  /** The currencies paid on Solana (SOL); null when the chain is not set up. */
  paySol: ZOrderPayTarget.extend({
    /**
     * The Solana RPC the browser builds and sends the transfer through: the dev stand-in beside the dev chains;
     * null elsewhere (the client uses the public mainnet RPC, SPEC.md point 7; the server's own may be private).
     */
    rpcUrl: z.string().nullable(),
  }).nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

/** The machines on sale and the mining settings: the same for everyone. */
const ZMachinePrices = z.object({
  aiMinningPriceItems: z.array(ZPriceItem),
  /** The currency every worth is in (WORTH_CURRENCY), for the items, the machines and the orders alike. */
  worthCurrency: ZCurrency,
  /** AIDF mined a day per unit of worth (0.01 = 1 % a day) and the cap as a multiple of worth. */
  dailyRate: ZDecimalString,
  capMultiple: ZDecimalString,
});

export const machinePrices = defineEndpoint({
  ...ROUTES.machinePrices,
  summary:
    'The price items on sale (ordered by worth, then id) and the mining settings, without a token: what a visitor sees before signing in',
  data: ZMachinePrices,
});

export const machineIndex = defineEndpoint({
  ...ROUTES.machineIndex,
  summary: 'Machine index: the price items (ordered by worth, then id), the mining settings and the buy state',
  data: ZMachinePrices.extend({
    /** The highest worth of the user's machines so far ('0' when none): a new one must be worth at least this (8770). */
    highestWorth: ZDecimalString,
    /** Whether one of the user's machines is still running: buying is refused until it is out (81024). */
    hasRunningMachine: z.boolean(),
    /** The user's order awaiting payment or pending confirmation, if any: resume paying it instead of buying. */
    openOrder: ZOrder.nullable(),
  }),
});

export const buyMachine = defineEndpoint({
  ...ROUTES.buyMachine,
  summary:
    'Buy the machine of a price item: usdt from the balance (else 1230 = ms23); a chain-paid currency from the balance as far as it goes, the rest lacking',
  params: z.object({ id: ZIdString }),
  data: ZOrder,
});

export const cancelOrder = defineEndpoint({
  ...ROUTES.cancelOrder,
  summary: 'Cancel an order awaiting payment; the held part is released to the balance',
  body: z.object({ orderNo: ZIdString }),
  data: ZOrder,
});

export const submitOrderHash = defineEndpoint({
  ...ROUTES.submitOrderHash,
  summary:
    'Submit the transaction id that pays an order (0x + 64 hex on BNB Smart Chain, a base58 signature on Solana); a hint, the watcher verifies',
  body: z.object({ orderNo: ZIdString, txId: ZText(120) }),
  data: ZOrder,
});

export const orderStatus = defineEndpoint({
  ...ROUTES.orderStatus,
  summary: 'Order status poll (every 3 s, at most 100 times): data.status',
  params: z.object({ orderId: ZIdString }),
  data: ZOrder,
});

export const ZMachine = z.object({
  id: z.string(),
  orderNo: z.string(),
  worth: ZDecimalString,
  /** AIDF mined so far and the cap (worth × capMultiple at purchase). */
  mined: ZDecimalString,
  cap: ZDecimalString,
  /** mined / cap, a decimal in [0, 1]. */
  progress: ZDecimalString,
  /** AIDF a day (worth × dailyRate at purchase). */
  dailyIncome: ZDecimalString,
  status: z.enum(['running', 'out']),
  createTime: ZTimeMs,
  /** When it paid its cap; null while running. */
  outTime: ZTimeMs.nullable(),
});
export type TMachine = z.infer<typeof ZMachine>;

export const machineList = defineEndpoint({
  ...ROUTES.machineList,
  summary: "The user's machines, newest first",
  params: ZPageParams,
  data: pageOf(ZMachine),
});
