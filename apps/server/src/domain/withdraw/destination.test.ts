import { describe, expect, it } from 'vitest';
import { checkDestination, parseDestination } from './destination.ts';

// An address and its EIP-55 form (the EIP's own example).
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const LOWER = CHECKSUMMED.toLowerCase() as `0x${string}`;
const UPPER = `0x${CHECKSUMMED.slice(2).toUpperCase()}`;
// The same address with one letter's case flipped: the checksum no longer matches.
const WRONG_CASE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

describe('parseDestination', () => {
  it('accepts the EIP-55 form as it is', () => {
    expect(parseDestination(CHECKSUMMED)).toEqual({ ok: true, address: CHECKSUMMED });
  });

  it('accepts an all-lowercase or all-uppercase address (no checksum) and answers its EIP-55 form', () => {
    expect(parseDestination(LOWER)).toEqual({ ok: true, address: CHECKSUMMED });
    expect(parseDestination(UPPER)).toEqual({ ok: true, address: CHECKSUMMED });
  });

  it('refuses a mixed-case address whose case is not its checksum (81016)', () => {
    expect(parseDestination(WRONG_CASE)).toMatchObject({ ok: false, code: 81016 });
  });

  it.each([
    '',
    '0x1234',
    LOWER.slice(2),
    `${LOWER}00`,
    `0X${LOWER.slice(2)}`,
    `${LOWER.slice(0, 41)}g`,
    ` ${CHECKSUMMED}`,
    `${CHECKSUMMED}\n`,
  ])('refuses %j: not 0x and 40 hex digits (81010)', (input) => {
    expect(parseDestination(input)).toMatchObject({ ok: false, code: 81010 });
  });

  it('refuses the zero address (81017)', () => {
    expect(parseDestination(`0x${'0'.repeat(40)}`)).toMatchObject({ ok: false, code: 81017 });
  });
});

describe('checkDestination', () => {
  const hotWallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const deposits = new Set([CHECKSUMMED]);
  const platform = { hotWallet, isDepositAddress: async (a: `0x${string}`) => deposits.has(a) };

  it("refuses the platform's hot wallet in any case (81018)", async () => {
    expect(await checkDestination(hotWallet.toLowerCase(), platform)).toMatchObject({ ok: false, code: 81018 });
  });

  it('refuses a platform deposit address, asked in its EIP-55 form (81018)', async () => {
    expect(await checkDestination(LOWER, platform)).toMatchObject({
      ok: false,
      code: 81018,
      reason: 'a platform deposit address',
    });
  });

  it('accepts any other well-formed address', async () => {
    const other = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    expect(await checkDestination(other, platform)).toEqual({ ok: true, address: other });
    expect(await checkDestination(other, { hotWallet: null, isDepositAddress: async () => false })).toEqual({
      ok: true,
      address: other,
    });
  });
});
