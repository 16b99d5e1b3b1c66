import { CHAIN_PAID_CURRENCIES, MINER_CURRENCIES, Money, type TMinerCurrency } from '@aidf/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AmountFigures,
  applyPayment,
  heldAmount,
  isPaidInFull,
  splitPrice,
  stillLacking,
} from './order-payment.ts';

/** Exact decimals with up to 18 places, zero included, as the database stores them. */
const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
  .map(([w, f]) => (f === 0n ? `${w}` : `${w}.${f.toString().padStart(18, '0').replace(/0+$/, '')}`));
const currencies = MINER_CURRENCIES.map((m) => m.currency);
const amountsOf = fc.record(
  Object.fromEntries(currencies.map((c) => [c, decimal])) as Record<TMinerCurrency, typeof decimal>,
);
/** A currency's figures as an order holds them: 0 < price, 0 <= lack <= price, 0 <= paid <= lack. */
const figures = fc
  .tuple(decimal, fc.nat({ max: 100 }), fc.nat({ max: 100 }))
  .filter(([price]) => !new Money(price).isZero())
  .map(([price, lackPct, paidPct]): AmountFigures => {
    const lack = new Money(price).times(lackPct).div(100).toDecimalPlaces(18, Money.ROUND_DOWN);
    const paid = lack.times(paidPct).div(100).toDecimalPlaces(18, Money.ROUND_DOWN);
    return { price, lack: lack.toFixed(), paid: paid.toFixed() };
  });
const m = (value: string) => new Money(value);

describe('order payment: the balance at purchase (splitPrice)', () => {
  it('takes a balance-paid currency in full or refuses the purchase', () => {
    expect(splitPrice({ usdt: '100' }, () => '99.999999999999999999')).toEqual({ ok: false, short: 'usdt' });
    const split = splitPrice({ usdt: '100' }, () => '250');
    expect(split.ok && split.parts.map((p) => [p.currency, p.covered.toFixed(), p.lack.toFixed()])).toEqual([
      ['usdt', '100', '0'],
    ]);
  });

  it('takes a chain-paid currency as far as the balance goes; the rest is lacking', () => {
    const split = splitPrice({ bnb: '0.4', eoeo: '200' }, (c) => ({ bnb: '0.15', eoeo: '500' })[c as 'bnb'] ?? '0');
    expect(split.ok && split.parts.map((p) => [p.currency, p.covered.toFixed(), p.lack.toFixed()])).toEqual([
      ['bnb', '0.15', '0.25'],
      ['eoeo', '200', '0'],
    ]);
  });

  it('leaves out a currency whose price is zero, whatever the balance', () => {
    const split = splitPrice({ usdt: '0', sol: '6' }, () => '0');
    expect(split.ok && split.parts.map((p) => p.currency)).toEqual(['sol']);
  });

  it('covered + lack = price, covered <= balance, and only chain-paid currencies lack (property)', () => {
    fc.assert(
      fc.property(amountsOf, amountsOf, (price, balance) => {
        const split = splitPrice(price, (c) => balance[c]);
        const short = MINER_CURRENCIES.find(
          (x) => x.paid === 'balance' && !m(price[x.currency]).isZero() && m(balance[x.currency]).lt(price[x.currency]),
        );
        if (!split.ok) return short !== undefined && split.short === short.currency;
        if (short) return false;
        return split.parts.every(
          (p) =>
            p.covered.plus(p.lack).eq(p.price) &&
            p.price.eq(price[p.currency]) &&
            p.covered.gte(0) &&
            p.lack.gte(0) &&
            p.covered.lte(balance[p.currency]) &&
            // The balance is used before anything is lacking.
            (p.lack.isZero() || p.covered.eq(balance[p.currency])) &&
            (p.lack.isZero() || (CHAIN_PAID_CURRENCIES as readonly string[]).includes(p.currency)),
        );
      }),
    );
  });
});

describe('order payment: a confirmed payment on chain (applyPayment)', () => {
  it('counts up to what is still lacking and credits the rest', () => {
    const f = { price: '0.4', lack: '0.25', paid: '0.05' };
    const { applied, excess } = applyPayment('bnb', f, m('0.3'));
    expect([applied.toFixed(), excess.toFixed()]).toEqual(['0.2', '0.1']);
  });

  it('counts nothing for a currency not in the price or not paid on chain', () => {
    expect(applyPayment('bnb', undefined, m('1')).applied.isZero()).toBe(true);
    expect(applyPayment('usdt', { price: '100', lack: '0', paid: '0' }, m('5')).excess.toFixed()).toBe('5');
  });

  it('never loses, doubles or overpays: applied + excess = amount, paid stays within the lack (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), figures, decimal, (currency, f, amount) => {
        const { applied, excess } = applyPayment(currency, f, m(amount));
        const paidAfter = m(f.paid).plus(applied);
        return (
          applied.plus(excess).eq(amount) &&
          applied.gte(0) &&
          excess.gte(0) &&
          paidAfter.lte(f.lack) &&
          // It counts as much as it can: either the whole payment, or the lack is met.
          (applied.eq(amount) ||
            paidAfter.eq(f.lack) ||
            !(CHAIN_PAID_CURRENCIES as readonly string[]).includes(currency))
        );
      }),
    );
  });
});

describe('order payment: paid in full and what the order holds', () => {
  it('is paid in full when every lack is met', () => {
    expect(isPaidInFull({})).toBe(true);
    expect(isPaidInFull({ usdt: { price: '100', lack: '0', paid: '0' } })).toBe(true);
    expect(isPaidInFull({ bnb: { price: '1', lack: '0.5', paid: '0.4' } })).toBe(false);
    expect(
      isPaidInFull({ bnb: { price: '1', lack: '0.5', paid: '0.5' }, sol: { price: '2', lack: '0', paid: '0' } }),
    ).toBe(true);
  });

  it('holds the covered part and the counted payments; price once paid in full (property)', () => {
    fc.assert(
      fc.property(figures, (f) => {
        const held = heldAmount(f);
        const still = stillLacking(f);
        return held.plus(still).eq(f.price) && held.gte(0) && still.gte(0) && still.isZero() === isPaidInFull({ x: f });
      }),
    );
    expect(heldAmount(undefined).isZero()).toBe(true);
  });
});
