import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import {
  pageOf,
  ZChainCurrency,
  ZCurrency,
  ZDecimalString,
  ZIdString,
  ZPageParams,
  ZSubmode,
  ZText,
  ZTimeMs,
} from '../schemas.ts';
import { ZLegConfirmations, ZMidParams, ZWalletSignature } from './common.ts';

export const ZBalance = z.object({
  currency: ZCurrency,
  submode: ZSubmode,
  balance: ZDecimalString,
  /**
   * Ours: the balance's worth in USDT at the reference price the operators set
   * (`price.reference.<currency>`; USDT is 1), cut to 18 decimals; null where the currency has no price.
   */
  valueUsdt: ZDecimalString.nullable(),
});

export const getAssets = defineEndpoint({
  ...ROUTES.getAssets,
  summary: "The user's balances, one per currency and submode",
  params: ZMidParams,
  data: z.array(ZBalance),
});

export const getSubAssets = defineEndpoint({
  ...ROUTES.getSubAssets,
  summary: "The user's balances of one submode ('16' = frozen AIDF)",
  params: z.object({ submode: ZSubmode }),
  data: z.array(ZBalance),
});

export const ZStatementLine = z
  .object({
    id: z.string(),
    type: z.string(),
    currency: ZCurrency,
    submode: ZSubmode,
    amount: z.string(),
    balanceAfter: ZDecimalString,
    createTime: ZTimeMs,
    /** Ours: the movement the line belongs to, the id a receipt and support name. */
    movementId: ZIdString,
    /** Ours: the other user of a transfer (receiver or sender); null for other lines. */
    counterparty: z.string().nullable(),
    /** Ours: the chain transaction of an on-chain line (recharge, payout, payment), and its explorer link. */
    txHash: z.string().nullable(),
    txUrl: z.string().nullable(),
  })
  .extend(ZLegConfirmations.shape);
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const financeList = defineEndpoint({
  ...ROUTES.financeList,
  summary: 'Bill lines of one currency',
  params: ZPageParams.extend({ currency: ZCurrency }),
  /** `category: 'income'` keeps the income types of the income details screen. */
  body: z.object({
    submode: ZSubmode.default('00'),
    category: z.enum(['all', 'income']).default('all'),
    /** Ours: one transaction type only (the history's type filter). */
    type: ZText(64, 0).optional(),
  }),
  data: pageOf(ZStatementLine),
});

export const financeStatement = defineEndpoint({
  ...ROUTES.financeStatement,
  summary: 'Currency statement of one currency and submode',
  params: ZPageParams.extend({ currency: ZCurrency, submode: ZSubmode }),
  /** Ours: one transaction type only (the history's type filter), as financeList's body `type`. */
  query: z.object({ type: ZText(64, 0).optional() }),
  data: pageOf(ZStatementLine),
});

export const transfer = defineEndpoint({
  ...ROUTES.transfer,
  summary: "Internal transfer to a username, signed as buildTransferSignText says (ends 'transfer-{timestamp}')",
  body: ZWalletSignature.extend({
    amount: ZDecimalString,
    currency: ZCurrency,
    username: ZText(64),
  }),
  /** Ours: the movement booked, for the receipt (the same id the statements show). */
  data: z.object({ movementId: ZIdString }),
});

export const ZTransferRecipient = z.object({
  username: z.string(),
  /** The chain of the recipient's sign-in wallet, or null for an account opened by e-mail. */
  chainCurrency: ZChainCurrency.nullable(),
  /** First and last characters only: enough to recognise a friend's wallet, not to learn it. */
  maskedAddress: z.string().nullable(),
});
export type TTransferRecipient = z.infer<typeof ZTransferRecipient>;

export const transferRecipient = defineEndpoint({
  ...ROUTES.transferRecipient,
  summary: 'The recipient of a transfer by username, with their sign-in address masked; 1226 when there is none',
  params: z.object({ username: ZText(64) }),
  data: ZTransferRecipient,
});

/** One ledger entry of a month's statement (any submode of its currency). */
export const ZMonthStatementEntry = z.object({
  id: z.string(),
  time: ZTimeMs,
  type: z.string(),
  submode: ZSubmode,
  amount: z.string(),
  movementId: ZIdString,
  /** The other user of a transfer; null for other entries. */
  counterparty: z.string().nullable(),
  /** The chain transaction of an on-chain entry and its explorer link; null for other entries. */
  txHash: z.string().nullable(),
  txUrl: z.string().nullable(),
});

/** One currency of a month's statement: opening + the sum of its entries = closing = the ledger's at month end. */
export const ZMonthStatementCurrency = z.object({
  currency: ZCurrency,
  opening: z.string(),
  closing: z.string(),
  entries: z.array(ZMonthStatementEntry),
});
export type TMonthStatementCurrency = z.infer<typeof ZMonthStatementCurrency>;

/**
 * A month's statement (UTC month 'YYYY-MM'), every currency the user holds an account in, all submodes summed.
 * 81110: the month is not 'YYYY-MM'; 81111: the month has not begun yet.
 */
export const monthStatement = defineEndpoint({
  ...ROUTES.monthStatement,
  summary: "A month's statement: opening balance, each entry and closing balance per currency",
  params: z.object({ month: ZText(32) }),
  data: z.object({
    month: z.string(),
    /** The month's first moment and the next month's (UTC), ms. */
    from: ZTimeMs,
    to: ZTimeMs,
    currencies: z.array(ZMonthStatementCurrency),
  }),
});
