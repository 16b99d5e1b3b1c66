import { MINER_CURRENCY_CODES, priceField, type TPriceItem } from '@aidf/contract';
import { Fragment } from 'react';
import { Amount } from '../../components/Amount.tsx';

/** The currencies a price item is paid in, '0' meaning unused (SPEC.md point 3). */
export function priceParts(item: TPriceItem): { currency: string; amount: string }[] {
  return MINER_CURRENCY_CODES.map((c) => ({ currency: c.toUpperCase(), amount: item[priceField(c)] })).filter(
    (p) => Number(p.amount) > 0,
  );
}

/** "300 USDT + 200 EOEO". */
export function Price({ item }: { item: TPriceItem }) {
  return (
    <>
      {priceParts(item).map((p, i) => (
        <Fragment key={p.currency}>
          {i > 0 && ' + '}
          <Amount amount={p.amount} currency={p.currency} decimals={6} />
        </Fragment>
      ))}
    </>
  );
}
