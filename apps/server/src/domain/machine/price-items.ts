import {
  MINER_CURRENCY_CODES,
  Money,
  parsePositiveAmount,
  priceField,
  type TPriceField,
  WORTH_CURRENCY,
} from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import type { ItemAmounts, PriceItemRow } from '../../db/repositories/machines.ts';
import { AppError } from '../errors.ts';
import type { OperatorActor } from '../operator/roles.ts';

/** The operator's change: the worth, any of the price fields (usdtAmount, ...: MINER_CURRENCIES) and onSale. */
export type PriceItemInput = { worth?: string; onSale?: boolean } & Partial<Record<TPriceField, string>>;

/** An amount of a price: '0' (unused) or a positive exact decimal. */
function amountOf(field: string, value: string): string {
  if (/^0+(\.0+)?$/.test(value)) return '0';
  const parsed = parsePositiveAmount(value);
  if (!parsed) throw new AppError(1225, `${field} must be 0 or a positive decimal`);
  return parsed.toFixed();
}

function view(row: PriceItemRow) {
  return {
    id: String(row.id),
    worth: new Money(row.worth).toFixed(),
    worthCurrency: WORTH_CURRENCY,
    ...(Object.fromEntries(
      MINER_CURRENCY_CODES.map((c) => [priceField(c), new Money(row.amounts[c] ?? '0').toFixed()]),
    ) as Record<TPriceField, string>),
    onSale: row.onSale,
    updatedBy: row.updatedBy,
  };
}

export async function listPriceItems(repos: Repositories) {
  return (await repos.machines.allItems()).map(view);
}

/**
 * Adds (id null) or changes a price item, audited with before and after. An order keeps the price it was
 * made with; taking an item off sale hides it from the index and refuses new orders of it (81027).
 */
export async function savePriceItem(
  repos: Repositories,
  input: PriceItemInput & { id: bigint | null; actor: OperatorActor; reason: string },
) {
  const values: { worth?: string; onSale?: boolean } = {};
  if (input.worth !== undefined) {
    const worth = parsePositiveAmount(input.worth);
    if (!worth) throw new AppError(1225, 'worth must be a positive decimal');
    values.worth = worth.toFixed();
  }
  const amounts: ItemAmounts = {};
  for (const currency of MINER_CURRENCY_CODES) {
    const value = input[priceField(currency)];
    if (value !== undefined) amounts[currency] = amountOf(priceField(currency), value);
  }
  if (input.onSale !== undefined) values.onSale = input.onSale;
  return repos.transaction(async (tx) => {
    const before = input.id === null ? null : await tx.machines.itemForUpdate(input.id);
    if (input.id !== null && !before) throw new AppError(1404, `no price item ${input.id}`);
    const worth = values.worth ?? before?.worth;
    if (!worth) throw new AppError(1225, 'worth is required');
    const merged = { ...before?.amounts, ...amounts };
    if (!Object.values(merged).some((a) => a !== undefined && !new Money(a).isZero())) {
      throw new AppError(1225, 'a price needs at least one currency');
    }
    const row =
      before === null
        ? await tx.machines.insertItem({ ...values, worth, updatedBy: input.actor.name }, amounts)
        : await tx.machines.updateItem(before.id, { ...values, updatedBy: input.actor.name }, amounts);
    await tx.operatorActions.record({
      actor: input.actor,
      action: 'machine-price-item',
      target: `price-item:${row.id}`,
      before: before ? view(before) : null,
      after: view(row),
      reason: input.reason,
      detail: { id: String(row.id), before: before ? view(before) : null, after: view(row) },
    });
    return view(row);
  });
}

/** Transfers to a collection address from no user's bound address: not counted for any order. */
export async function thirdPartyPayments(repos: Repositories, limit = 100) {
  return (await repos.machines.thirdPartyPayments(limit)).map((p) => ({
    id: String(p.id),
    chain: p.chain,
    txHash: p.txHash,
    eventIndex: p.eventIndex,
    blockNumber: String(p.blockNumber),
    currency: p.currency,
    from: p.fromAddress,
    to: p.toAddress,
    amount: new Money(p.amount).toFixed(),
    seenAt: p.seenAt.getTime(),
  }));
}
