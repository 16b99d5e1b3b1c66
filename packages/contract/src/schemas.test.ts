import { describe, expect, it } from 'vitest';
import { ZEmail } from './endpoints/auth.ts';
import { ZWalletSignature } from './endpoints/common.ts';
import {
  isIdText,
  MAX_ID,
  MAX_TIME_MS,
  ZDecimalString,
  ZIdString,
  ZPageParams,
  ZText,
  ZTimeInput,
  ZTimestampInput,
} from './schemas.ts';

describe('ids: 1 to 2^63-1, as PostgreSQL bigint holds them', () => {
  it.each(['1', '42', '9223372036854775807', '1000000000000000000'])('takes %s', (id) => {
    expect(ZIdString.safeParse(id).success).toBe(true);
  });
  it.each([
    '0',
    '-1',
    '01',
    '1e3',
    '1.5',
    ' 1',
    '',
    '9223372036854775808',
    '9999999999999999999',
    '99999999999999999999',
    '١٢٣',
  ])('refuses %j', (id) => {
    expect(ZIdString.safeParse(id).success).toBe(false);
  });
  it('refuses a number where the text of an id belongs', () => {
    expect(ZIdString.safeParse(1).success).toBe(false);
    expect(isIdText(42)).toBe(false);
  });
  it('has MAX_ID = 2^63-1', () => expect(MAX_ID).toBe(2n ** 63n - 1n));
});

describe('page parameters', () => {
  it.each([
    ['0', '10'],
    ['1', '0'],
    ['1', '101'],
    ['1000001', '10'],
    ['1e3', '10'],
    ['-1', '10'],
    ['9999999999999999999', '10'],
  ])('refuses pageNum %s, pageSize %s', (pageNum, pageSize) => {
    expect(ZPageParams.safeParse({ pageNum, pageSize }).success).toBe(false);
  });
  it('takes the largest page', () => {
    expect(ZPageParams.parse({ pageNum: '1000000', pageSize: '100' })).toEqual({ pageNum: 1_000_000, pageSize: 100 });
  });
});

describe('timestamps sent by a client', () => {
  it.each([0, 1_700_000_000_000, '1700000000000', MAX_TIME_MS, String(MAX_TIME_MS)])('takes %j', (t) => {
    expect(ZTimestampInput.safeParse(t).success).toBe(true);
  });
  it.each([
    -1,
    1.5,
    1e21,
    9e15, // beyond what a JavaScript Date holds (8.64e15): `new Date(9e15)` is invalid
    MAX_TIME_MS + 1,
    Number.MAX_SAFE_INTEGER,
    '9000000000000000',
    '9999999999999999',
    '99999999999999999',
    '-1',
    '1e3',
    '',
    '1\u0000',
    null,
    [1],
  ])('refuses %j', (t) => {
    expect(ZTimestampInput.safeParse(t).success).toBe(false);
  });
  it('ends at the last moment of year 9999, which a Date holds', () => {
    expect(new Date(MAX_TIME_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(ZTimeInput.safeParse(MAX_TIME_MS + 1).success).toBe(false);
  });
  it('is what a wallet signature carries', () => {
    const base = { sign: 's', signContent: 'Login-1' };
    expect(ZWalletSignature.safeParse({ ...base, timestamp: '9999999999999999' }).success).toBe(false);
    expect(ZWalletSignature.parse({ ...base, timestamp: '1700000000000' }).timestamp).toBe(1_700_000_000_000);
  });
});

describe('free text', () => {
  it('refuses NUL, which PostgreSQL text cannot hold', () => {
    expect(ZText(64).safeParse('a\u0000b').success).toBe(false);
    expect(ZText(64).safeParse('a\u200fb🐄').success).toBe(true);
  });
  it('keeps its bounds', () => {
    expect(ZText(4).safeParse('').success).toBe(false);
    expect(ZText(4, 0).safeParse('').success).toBe(true);
    expect(ZText(4).safeParse('abcde').success).toBe(false);
  });
});

describe('amounts', () => {
  it('take 30 integer digits and 18 decimals, the most NUMERIC(48,18) holds', () => {
    expect(ZDecimalString.safeParse(`${'9'.repeat(30)}.${'9'.repeat(18)}`).success).toBe(true);
  });
  it.each([`1${'0'.repeat(30)}`, '9'.repeat(100_000), '1E3', '-0.1', '+1', '1.0000000000000000001', '1 ', '0x1'])(
    'refuse %s',
    (amount) => expect(ZDecimalString.safeParse(amount).success).toBe(false),
  );
});

describe('e-mail addresses', () => {
  it.each(['-X-c4__@o-6-l--.l.LdNljaCD', 'a@-b.com', 'a@b-.com', 'a@b..com', '.a@b.com', 'a\u0000@b.com'])(
    'refuses %j, which an SMTP server refuses as a recipient',
    (email) => expect(ZEmail.safeParse(email).success).toBe(false),
  );
  it.each(['alice@example.com', "o'brien+tag@mail.example.co", 'a-b@x-y.example.org'])('takes %s', (email) => {
    expect(ZEmail.safeParse(email).success).toBe(true);
  });
});
