import { describe, expect, it } from 'vitest';
import { bumpedGasPrice } from './payout-worker.ts';

const GWEI = 10n ** 9n;

describe('bumpedGasPrice', () => {
  it('raises by 12.5 %, rounded up, when the network asks less', () => {
    expect(bumpedGasPrice(1n * GWEI, GWEI / 2n, 100n * GWEI)).toBe(1_125_000_000n);
    expect(bumpedGasPrice(7n, 1n, 100n)).toBe(8n);
  });

  it("takes the network's price when it is higher", () => {
    expect(bumpedGasPrice(1n * GWEI, 5n * GWEI, 100n * GWEI)).toBe(5n * GWEI);
  });

  it('stops at the cap, and answers null when the cap leaves less than the 10 % a replacement needs', () => {
    expect(bumpedGasPrice(1n * GWEI, 50n * GWEI, 3n * GWEI)).toBe(3n * GWEI);
    expect(bumpedGasPrice(1n * GWEI, 50n * GWEI, 1_100_000_000n)).toBe(1_100_000_000n);
    expect(bumpedGasPrice(1n * GWEI, 50n * GWEI, 1_099_999_999n)).toBeNull();
  });
});
