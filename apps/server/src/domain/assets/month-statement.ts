import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { normalize } from './assets.ts';
import { chainOfTx, explorerLinks } from './explorer.ts';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The UTC bounds of month 'YYYY-MM': 81110 when it is not such a month, 81111 when it has not begun by `now`. */
export function monthBounds(month: string, now: Date): { from: Date; to: Date } {
  const match = MONTH.exec(month);
  if (!match) throw new AppError(81110);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  const from = new Date(Date.UTC(year, index, 1));
  if (year < 1970 || from.getTime() > now.getTime()) throw new AppError(year < 1970 ? 81110 : 81111);
  return { from, to: new Date(Date.UTC(year, index + 1, 1)) };
}

/**
 * A month's statement (docs/user-guide.md "Statements"): per currency the balance before the month (opening), the
 * month's entries in booking order, and the balance after it (closing), all from the ledger's entries (set-based
 * sums in the database), so opening + the entries = closing = what the ledger held at the month's end.
 */
export async function monthStatement(repos: Repositories, userId: bigint, month: string, now = new Date()) {
  const { from, to } = monthBounds(month, now);
  const [totals, rows, linkTo] = await Promise.all([
    repos.ledger.monthTotals(userId, from, to),
    repos.ledger.monthEntries(userId, from, to),
    explorerLinks(repos),
  ]);
  const currencies = totals.map((t) => ({
    currency: t.currency,
    opening: normalize(t.opening),
    closing: normalize(t.closing),
    entries: rows
      .filter((r) => r.currency === t.currency)
      .map((r) => {
        const txHash = chainOfTx(r.ref) ? r.ref : null;
        return {
          id: r.id,
          time: r.createdAt.getTime(),
          type: r.type,
          submode: r.submode,
          amount: normalize(r.amount),
          movementId: r.movementId,
          counterparty: r.counterparty,
          txHash,
          txUrl: txHash ? linkTo(txHash) : null,
        };
      }),
  }));
  return { month, from: from.getTime(), to: to.getTime(), currencies };
}
