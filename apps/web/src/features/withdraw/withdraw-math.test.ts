import { describe, expect, it } from 'vitest';
import { withdrawProblem } from './withdraw-math.ts';

const base = { address: `0x${'ab'.repeat(20)}`, feeRate: '0.005', balance: '500', min: '1', max: '1000000' };

describe('withdrawal checks', () => {
  it('names the first problem of a request', () => {
    expect(withdrawProblem({ ...base, amount: '' })?.key).toBe('withdraw.needAmount');
    expect(withdrawProblem({ ...base, amount: '0.5' })?.key).toBe('errors.81011');
    expect(withdrawProblem({ ...base, amount: '1000001' })?.key).toBe('errors.81011');
    expect(withdrawProblem({ ...base, amount: '1', feeRate: '1' })?.key).toBe('errors.81009');
    expect(withdrawProblem({ ...base, amount: '600' })?.key).toBe('messages.ms23');
    expect(withdrawProblem({ ...base, amount: '10', address: '0x12' })).toEqual({
      field: 'address',
      key: 'errors.81010',
    });
    expect(withdrawProblem({ ...base, amount: '10' })).toBeNull();
  });

  it('holds the amount against the balance only once the balance is known', () => {
    // Before the balance has loaded no amount is refused for want of it: the server checks what the user holds.
    expect(withdrawProblem({ ...base, amount: '600', balance: null })).toBeNull();
    expect(withdrawProblem({ ...base, amount: '600', balance: '0' })?.key).toBe('messages.ms23');
    expect(withdrawProblem({ ...base, amount: '0.5', balance: null })?.key).toBe('errors.81011');
  });
});
