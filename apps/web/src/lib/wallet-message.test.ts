import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import { WalletError } from '../wallet/types.ts';
import { walletFailureMessage } from './wallet-message.ts';

beforeAll(async () => {
  i18n.addMessages('en', en);
  await i18n.changeLanguage('en');
});

const message = (e: unknown, chain?: 'BNB Smart Chain' | 'Solana') =>
  walletFailureMessage(e, i18n.t, (k) => i18n.exists(k), chain);

describe('walletFailureMessage', () => {
  it('names the chain whose wallet is missing', () => {
    expect(message(new WalletError('notFound'))).toBe('No BNB Smart Chain wallet found in this browser');
    expect(message(new WalletError('notFound'), 'Solana')).toBe('No Solana wallet found in this browser');
  });
  it('tells a refused signature from a failed one', () => {
    expect(message(new WalletError('rejected'))).toBe(en.messages.ms6);
    expect(message(new WalletError('signFailed'))).toBe(en.messages.ms7);
  });
});
