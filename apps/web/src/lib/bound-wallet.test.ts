// @vitest-environment jsdom
import { CHAINS } from '@aidf/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { WalletError } from '../wallet/types.ts';
import { assertBoundAccount } from './bound-wallet.ts';
import { getSession, saveLogin } from './session.ts';

const BOUND = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const kindOf = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof WalletError ? error.kind : error;
  }
};

describe('the wallet that pays must be the bound one, whatever the sign-in', () => {
  beforeEach(() => {
    // A password sign-in: a token, no wallet, no chain.
    saveLogin({ token: 't'.repeat(43), userInfo: { mid: '7', username: 'amy', inviteAddress: null } });
  });

  it('the bound address (EVM hex in any case) passes and keeps the session', () => {
    expect(kindOf(() => assertBoundAccount(CHAINS.bsc.name, BOUND.toLowerCase(), BOUND))).toBeNull();
    expect(getSession().isLogin).toBe(true);
  });

  it('another account ends the session with ms48 (SPEC.md point 4)', () => {
    const other = '0x1111111111111111111111111111111111111111';
    expect(kindOf(() => assertBoundAccount(CHAINS.bsc.name, other, BOUND))).toBe('boundMismatch');
    expect(getSession().isLogin).toBe(false);
  });

  it('Solana addresses compare exactly; none bound asks to bind one first and keeps the session', () => {
    const sol = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    expect(kindOf(() => assertBoundAccount(CHAINS.solana.name, sol.toLowerCase(), sol))).toBe('boundMismatch');
    saveLogin({ token: 't'.repeat(43), userInfo: { mid: '7', username: 'amy', inviteAddress: null } });
    expect(kindOf(() => assertBoundAccount(CHAINS.solana.name, sol, null))).toBe('notBound');
    expect(getSession().isLogin).toBe(true);
  });
});
