import { describe, expect, it } from 'vitest';
import { freeFunds, keepsItsTurn, NO_FUNDS, plus, shortfall } from './payout-funds.ts';

const UNITS = { token: 'COW', tokenDecimals: 18, native: 'BNB', nativeDecimals: 18 };
const E18 = 10n ** 18n;

describe('what the hot wallet can still pay', () => {
  it('takes from the balances what signed payouts will take and what is kept back for older ones', () => {
    const snapshot = { token: 100n * E18, native: E18 };
    const committed = plus({ token: 30n * E18, native: 10n }, { token: 20n * E18, native: 5n });
    const free = freeFunds(snapshot, committed, { token: 10n * E18, native: 1n });
    expect(free).toEqual({ token: 40n * E18, native: E18 - 16n });
    expect(shortfall(free, { token: 40n * E18, native: E18 - 16n }, UNITS)).toBeNull(); // exactly fits
  });

  it('says what is lacking, COW and BNB apart, and never shows a negative free amount', () => {
    const free = freeFunds({ token: 5n * E18, native: 0n }, { token: 10n * E18, native: 0n }, NO_FUNDS);
    expect(shortfall(free, { token: 1n, native: 0n }, UNITS)).toBe(
      'the hot wallet lacks COW: needs 0.000000000000000001, 0 free',
    );
    expect(shortfall({ token: 2n * E18, native: 1000n }, { token: E18, native: 2000n }, UNITS)).toBe(
      'the hot wallet lacks BNB for gas: needs 0.000000000000002, 0.000000000000001 free',
    );
    expect(shortfall({ token: 0n, native: 0n }, { token: E18 / 2n, native: 1n }, UNITS)).toBe(
      'the hot wallet lacks COW: needs 0.5, 0 free; BNB for gas: needs 0.000000000000000001, 0 free',
    );
  });

  it('lets a payout keep its turn only after it has waited long enough', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const hour = 60 * 60_000;
    expect(keepsItsTurn(null, now, hour)).toBe(false);
    expect(keepsItsTurn(new Date(now.getTime() - hour + 1), now, hour)).toBe(false);
    expect(keepsItsTurn(new Date(now.getTime() - hour), now, hour)).toBe(true);
    expect(keepsItsTurn(now, now, 0)).toBe(true);
  });
});
