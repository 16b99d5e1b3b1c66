import { CURRENCIES, INCOME_TRANSACTION_TYPES, SUBMODES, type TCurrency, type TSubmode } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { chainOfTx, explorerLinks } from './explorer.ts';
import { referencePrices, valueInUsdt } from './reference-prices.ts';

/** Every balance a user can hold: each currency's normal balance and frozen AIDF, zero where never used. */
const BALANCE_SLOTS: { currency: TCurrency; submode: TSubmode }[] = [
  ...CURRENCIES.map((currency) => ({ currency, submode: SUBMODES.normal })),
  { currency: 'aidf', submode: SUBMODES.frozen },
];

/** Each balance with its worth in USDT at the operators' reference price (null where the currency has none). */
export async function userBalances(repos: Repositories, userId: bigint, submode?: TSubmode) {
  const [balances, prices] = await Promise.all([repos.ledger.balancesOfUser(userId), referencePrices(repos)]);
  const held = new Map(balances.map((b) => [`${b.currency}/${b.submode}`, b.balance]));
  return BALANCE_SLOTS.filter((s) => !submode || s.submode === submode).map((s) => {
    const balance = normalize(held.get(`${s.currency}/${s.submode}`) ?? '0');
    return { ...s, balance, valueUsdt: valueInUsdt(balance, prices.get(s.currency)) };
  });
}

/** NUMERIC(48,18) comes back with 18 decimals; the wire carries the shortest exact form. */
export function normalize(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * A page of a user's statement lines for one currency and submode, newest first, each with what a person needs to
 * recognise it: the movement id, the other user of a transfer, and for a movement made on chain
 * its transaction with a link to the chain's explorer.
 */
export async function statementPage(
  repos: Repositories,
  q: {
    userId: bigint;
    currency: TCurrency;
    submode: TSubmode;
    pageNum: number;
    pageSize: number;
    incomeOnly: boolean;
    /** One transaction type only (the type filter); within the income types when incomeOnly. */
    type?: string | undefined;
  },
) {
  const within = q.incomeOnly ? INCOME_TRANSACTION_TYPES : null;
  const types = q.type ? (within && !(within as readonly string[]).includes(q.type) ? [] : [q.type]) : within;
  const [{ rows, total }, linkTo] = await Promise.all([
    repos.ledger.statement({
      userId: q.userId,
      currency: q.currency,
      submode: q.submode,
      types,
      limit: q.pageSize,
      offset: (q.pageNum - 1) * q.pageSize,
    }),
    explorerLinks(repos),
  ]);
  return {
    total,
    list: rows.map((r) => {
      const txHash = chainOfTx(r.ref) ? r.ref : null;
      return {
        id: r.id.toString(),
        type: r.type,
        currency: q.currency,
        submode: q.submode,
        amount: normalize(r.amount),
        balanceAfter: normalize(r.balanceAfter),
        createTime: r.createdAt.getTime(),
        movementId: r.movementId.toString(),
        counterparty: r.counterparty,
        txHash,
        txUrl: txHash ? linkTo(txHash) : null,
      };
    }),
  };
}
