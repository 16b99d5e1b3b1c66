import { DEPOSIT_CURRENCIES } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { rechargeProblem } from './use-recharge.ts';

describe('what the recharge screen offers on each chain', () => {
  it('offers BNB on BNB Smart Chain beside its tokens, and neither BNB on Solana nor SOL on BNB Smart Chain', () => {
    // RechargeScreen makes one chip per entry of its chain's list.
    expect(DEPOSIT_CURRENCIES.bnb).toEqual(['cow', 'usdt', 'aidf', 'eoeo', 'bnb']);
    expect(DEPOSIT_CURRENCIES.sol).toEqual(['sol', 'usdt']);
  });
});

describe('the checks before a BNB recharge from the wallet', () => {
  const fee = { fee: '0.0001', nativeBalance: '1' };

  it('takes the amount and the gas both out of the BNB balance', () => {
    expect(rechargeProblem({ amount: '0.9999', walletBalance: '1', fee, native: true })).toBeNull();
    // Enough BNB for the amount, not for the amount and its gas.
    expect(rechargeProblem({ amount: '0.99991', walletBalance: '1', fee, native: true })).toBe('recharge.gasShort');
    expect(rechargeProblem({ amount: '1', walletBalance: '1', fee, native: true })).toBe('recharge.gasShort');
    expect(rechargeProblem({ amount: '1.5', walletBalance: '1', fee, native: true })).toBe('recharge.insufficient');
  });

  it('for a token, asks the BNB balance for the gas only', () => {
    expect(rechargeProblem({ amount: '1', walletBalance: '1', fee })).toBeNull();
    expect(rechargeProblem({ amount: '1', walletBalance: '1', fee: { fee: '2', nativeBalance: '1' } })).toBe(
      'recharge.gasShort',
    );
  });

  it('refuses a missing or malformed amount first', () => {
    expect(rechargeProblem({ amount: '', walletBalance: '1', fee, native: true })).toBe('recharge.needAmount');
    expect(rechargeProblem({ amount: '0', walletBalance: '1', fee, native: true })).toBe('transfer.badAmount');
    expect(rechargeProblem({ amount: '-1', walletBalance: '1', fee, native: true })).toBe('transfer.badAmount');
  });
});
