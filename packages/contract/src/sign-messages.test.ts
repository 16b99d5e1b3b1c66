import { describe, expect, it } from 'vitest';
import { Money, moneyString } from './money.ts';
import {
  buildChangeEmailSignText,
  buildResetPasswordSignText,
  buildTransferSignText,
  buildWithdrawSignText,
  canonicalAmountText,
  parseSignContent,
  signedTextHost,
} from './sign-messages.ts';

const T = 1_763_880_000_000;

describe('descriptive sign texts', () => {
  it('names the host, the transfer and its essentials, and ends with transfer-{ms}', () => {
    expect(
      buildTransferSignText({
        host: '127.0.0.1:8080',
        amount: '12.50',
        currency: 'usdt',
        username: ' Alice ',
        timestampMs: T,
      }),
    ).toBe('127.0.0.1:8080 asks you to sign:\nTransfer 12.5 USDT to alice\ntransfer-1763880000000');
  });

  it('names the withdrawal amount, currency, the destination exactly as sent and the chain', () => {
    const address = '0xAbC0000000000000000000000000000000000001';
    expect(
      buildWithdrawSignText({ host: 'aidf.example', amount: '30.000', currency: 'cow', address, timestampMs: T }),
    ).toBe(`aidf.example asks you to sign:\nWithdraw 30 COW to ${address} on BNB Smart Chain\nwithdraw-1763880000000`);
  });

  it('says a password reset is for the account bound to the signing wallet', () => {
    expect(buildResetPasswordSignText({ host: 'aidf.example', timestampMs: T })).toBe(
      'aidf.example asks you to sign:\nReset the password of the account bound to this wallet\nresetPassword-1763880000000',
    );
  });

  it('names the new e-mail of an e-mail change and ends with changeEmail-{ms}', () => {
    expect(buildChangeEmailSignText({ host: 'aidf.example', timestampMs: T, email: 'new@example.com' })).toBe(
      'aidf.example asks you to sign:\nMake new@example.com the e-mail of your account\nchangeEmail-1763880000000',
    );
  });

  it('gives one text for every spelling of the same amount, the one the server Money prints', () => {
    for (const amount of [
      '1',
      '1.0',
      '1.000000000000000000',
      '0.5',
      '0.50',
      '10',
      '100.0100',
      '0.000000000000000001',
    ]) {
      expect(canonicalAmountText(amount)).toBe(moneyString(new Money(amount)));
    }
    const texts = ['12.5', '12.50', '12.500'].map((amount) =>
      buildTransferSignText({ host: 'h', amount, currency: 'usdt', username: 'bob', timestampMs: T }),
    );
    expect(new Set(texts).size).toBe(1);
  });

  it('makes a different text for a different amount, address, recipient, host or time', () => {
    const base = { host: 'h', amount: '1', currency: 'cow', address: '0x1', timestampMs: T };
    const text = buildWithdrawSignText(base);
    for (const change of [{ amount: '500' }, { address: '0x2' }, { host: 'evil.example' }, { timestampMs: T + 1 }]) {
      expect(buildWithdrawSignText({ ...base, ...change })).not.toBe(text);
    }
  });

  it('refuses to build a text for a non-amount', () => {
    for (const amount of ['', '-1', '1e3', '01', '1.', ' 1']) {
      expect(() => canonicalAmountText(amount)).toThrow();
    }
  });

  it('reads the host back from a text, and nothing from an opaque one', () => {
    expect(signedTextHost(buildResetPasswordSignText({ host: 'aidf.example', timestampMs: T }))).toBe('aidf.example');
    expect(signedTextHost('withdraw-1763880000000')).toBeNull();
  });

  it('is not a {prefix}{ms} message', () => {
    expect(parseSignContent(buildResetPasswordSignText({ host: 'h', timestampMs: T }))).toBeNull();
  });
});
