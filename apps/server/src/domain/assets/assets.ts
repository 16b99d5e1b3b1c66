import { CURRENCIES, INCOME_TRANSACTION_TYPES, SUBMODES, type TCurrency, type TSubmode } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { readWithSession } from '../auth/sessions.ts';
import { confirmationsOfTransactions } from '../chain/confirmations.ts';
import { chainOfTx, EXPLORER_SETTINGS, explorerLinksOf } from './explorer.ts';
import { REFERENCE_PRICE_SETTINGS, referencePricesOf, valueInUsdt } from './reference-prices.ts';

/** Every balance a user can hold: each currency's normal balance and frozen AIDF, zero where never used. */
const BALANCE_SLOTS: { currency: TCurrency; submode: TSubmode }[] = [
  ...CURRENCIES.map((currency) => ({ currency, submode: SUBMODES.normal })),
  { currency: 'aidf', submode: SUBMODES.frozen },
];

/**
 * Each balance of the token's user with its worth in USDT at the operators' reference price (null where the
 * currency has none), and the session: read in one statement (the assets are polled often, and a session looked up
 * first was one more round trip); 401 when the token names no live session, as the session check answers.
 */
export async function balancesOfSession(
  repos: Repositories,
  token: string | null,
  submode?: TSubmode,
  now = new Date(),
) {
  const read = await readWithSession(repos, token, now, (tokenHash) =>
    repos.sessionReads.assets({ tokenHash, now, settingKeys: REFERENCE_PRICE_SETTINGS }),
  );
  const prices = referencePricesOf(read.settings);
  const held = new Map(read.balances.map((b) => [`${b.currency}/${b.submode}`, b.balance]));
  const balances = BALANCE_SLOTS.filter((s) => !submode || s.submode === submode).map((s) => {
    const balance = normalize(held.get(`${s.currency}/${s.submode}`) ?? '0');
    return { ...s, balance, valueUsdt: valueInUsdt(balance, prices.get(s.currency)) };
  });
  return { session: read.user, balances };
}

/** NUMERIC(48,18) comes back with 18 decimals; the wire carries the shortest exact form. */
export function normalize(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/** What a page of the bills is asked for, beside whose they are. */
export interface StatementQuery {
  currency: TCurrency;
  submode: TSubmode;
  pageNum: number;
  pageSize: number;
  incomeOnly: boolean;
  /** One transaction type only (the type filter); within the income types when incomeOnly. */
  type?: string | undefined;
  /** The depth BSC legs are confirmed at (config): each on-chain line says its confirmations. */
  bscConfirmations: number;
}

/** The entry types a page reads: null for all of them, [] for none (a non-income type asked in the income list). */
function typesOf(q: StatementQuery): readonly string[] | null {
  const within = q.incomeOnly ? INCOME_TRANSACTION_TYPES : null;
  return q.type ? (within && !(within as readonly string[]).includes(q.type) ? [] : [q.type]) : within;
}

/**
 * A page of a user's statement lines for one currency and submode, newest first, each with what a person needs to
 * recognise it: the movement id, the other user of a transfer, and for a movement made on chain its transaction
 * with a link to the chain's explorer. The user is the session's: the bills routes check their session here, read
 * in the page's own statement (the bills are polled often, and a session looked up first was one more round trip),
 * and answer 401 when the token names no live session, as the session check does. One round trip, one more only
 * for a page with on-chain lines (their confirmations) or a session whose expiry is due to slide.
 */
export async function statementPageOfSession(
  repos: Repositories,
  token: string | null,
  q: StatementQuery,
  now = new Date(),
) {
  const read = await readWithSession(repos, token, now, (tokenHash) =>
    repos.sessionStatement.page({
      tokenHash,
      now,
      currency: q.currency,
      submode: q.submode,
      types: typesOf(q),
      limit: q.pageSize,
      offset: (q.pageNum - 1) * q.pageSize,
      settingKeys: Object.values(EXPLORER_SETTINGS),
    }),
  );
  const page = await statementAnswer(repos, q, read.rows, read.total, explorerLinksOf(read.settings));
  return { session: read.user, page };
}

interface StatementRow {
  id: bigint;
  type: string;
  amount: string;
  balanceAfter: string;
  createdAt: Date;
  movementId: bigint;
  ref: string | null;
  counterparty: string | null;
}

async function statementAnswer(
  repos: Repositories,
  q: StatementQuery,
  rows: StatementRow[],
  total: number,
  linkTo: (tx: string) => string | null,
) {
  const hashes = rows.flatMap((r) => (chainOfTx(r.ref) && r.ref ? [r.ref] : []));
  const confirmationsOf = await confirmationsOfTransactions(repos, q.bscConfirmations, hashes);
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
        ...confirmationsOf(txHash),
      };
    }),
  };
}
