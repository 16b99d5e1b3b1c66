import { describe, expect, it } from 'vitest';
import { bscProblem, chainProblem, lackOf, payChainOf, solProblem } from './pay-check.ts';

const bnb = (n: string) => BigInt(Math.round(Number(n) * 1e6)) * 10n ** 12n;
const gwei = 10n ** 9n;

describe('paying the lack of a machine order (SPEC.md point 5)', () => {
  it('lists only what is lacking', () => {
    expect(lackOf({ lackBnb: '0.05', lackEoeo: '0', lackSol: '0' })).toEqual([{ currency: 'bnb', amount: '0.05' }]);
    expect(lackOf({ lackBnb: '0', lackEoeo: '0.000000000000000001', lackSol: '0' })).toHaveLength(1);
  });

  it('a session without a chain (password, e-mail) pays on the chain of what is lacking', () => {
    expect(payChainOf(lackOf({ lackBnb: '0.05', lackEoeo: '1', lackSol: '0' }))).toBe('BNB Smart Chain');
    expect(payChainOf(lackOf({ lackBnb: '0', lackEoeo: '0', lackSol: '0.3' }))).toBe('Solana');
  });

  it('refuses sol on BNB Smart Chain and anything but sol on Solana (ms69)', () => {
    expect(chainProblem([{ currency: 'bnb' }, { currency: 'eoeo' }], 'BNB Smart Chain')).toBeNull();
    expect(chainProblem([{ currency: 'sol' }], 'BNB Smart Chain')).toBe('messages.ms69');
    expect(chainProblem([{ currency: 'sol' }], 'Solana')).toBeNull();
    expect(chainProblem([{ currency: 'sol' }, { currency: 'eoeo' }], 'Solana')).toBe('messages.ms69');
    expect(chainProblem([{ currency: 'bnb' }], 'Solana')).toBe('messages.ms69');
  });

  it('asks the BNB balance for the gas first (gas price x 21000 for a native transfer), then for the amounts', () => {
    const gas = 5n * gwei * 21_000n;
    const base = { nativeLack: bnb('0.1'), tokens: [], gas };
    expect(bscProblem({ ...base, nativeBalance: gas - 1n })).toBe('messages.gasNotEnough');
    expect(bscProblem({ ...base, nativeBalance: bnb('0.1') })).toBe('messages.ms23');
    expect(bscProblem({ ...base, nativeBalance: bnb('0.1') + gas })).toBeNull();
    const token = (balance: bigint) => ({
      nativeLack: 0n,
      gas,
      nativeBalance: gas,
      tokens: [{ lack: bnb('200'), balance }],
    });
    expect(bscProblem(token(bnb('199')))).toBe('messages.ms23');
    expect(bscProblem(token(bnb('200')))).toBeNull();
    expect(bscProblem({ ...token(bnb('200')), nativeBalance: gas - 1n })).toBe('messages.gasNotEnough');
  });

  it('asks SOL for at least 0.001 and a balance that covers amount and fee', () => {
    expect(solProblem({ lackSol: 999_999n, balance: 10n ** 9n, fee: 5000n })).toBe('messages.solMin');
    expect(solProblem({ lackSol: 10n ** 8n, balance: 10n ** 8n, fee: 5000n })).toBe('messages.solRent');
    expect(solProblem({ lackSol: 10n ** 8n, balance: 10n ** 8n + 5000n, fee: 5000n })).toBeNull();
  });
});
