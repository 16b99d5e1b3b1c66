import fc from 'fast-check';
import { checksumAddress } from 'viem';
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

/** 20 bytes as 40 lowercase hex digits, never the zero address. */
const hex40 = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .filter((b) => b.some((x) => x !== 0))
  .map((b) => Buffer.from(b).toString('hex'));
/** Flips the case of the hex letters at the chosen positions (digits have no case). */
const recase = (hex: string, upper: boolean[]) =>
  [...hex].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c.toLowerCase())).join('');

describe('parseDestination, for any address', () => {
  // RULES.md "Sign-in and sessions": "addresses as EIP-55 hex and base58". A destination is stored and paid
  // in its EIP-55 form, whatever one-case form it was typed in.
  it('answers the EIP-55 form of any one-case or correctly checksummed address', () => {
    fc.assert(
      fc.property(hex40, (hex) => {
        const expected = checksumAddress(`0x${hex}`);
        expect(parseDestination(`0x${hex}`)).toEqual({ ok: true, address: expected });
        expect(parseDestination(`0x${hex.toUpperCase()}`)).toEqual({ ok: true, address: expected });
        expect(parseDestination(expected)).toEqual({ ok: true, address: expected });
      }),
    );
  });

  it('refuses a mixed case that is not the checksum (81016)', () => {
    fc.assert(
      fc.property(hex40, fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), (hex, upper) => {
        const typed = `0x${recase(hex, upper)}`;
        const body = typed.slice(2);
        const oneCase = body === body.toLowerCase() || body === body.toUpperCase();
        const answer = parseDestination(typed);
        if (oneCase || typed === checksumAddress(`0x${hex}`)) expect(answer.ok).toBe(true);
        else expect(answer).toMatchObject({ ok: false, code: 81016 });
      }),
    );
  });

  it('refuses anything that is not 0x and 40 hex digits (81010)', () => {
    const nearMiss = fc.oneof(
      fc.string(),
      hex40.map((h) => h.slice(0, 39)).map((h) => `0x${h}`),
      hex40.map((h) => `0x${h}0`),
      hex40,
      fc.tuple(hex40, fc.nat(39), fc.constantFrom('g', 'x', ' ', 'O', '.')).map(([h, i, c]) => {
        return `0x${h.slice(0, i)}${c}${h.slice(i + 1)}`;
      }),
    );
    fc.assert(
      fc.property(
        nearMiss.filter((s) => !/^0x[0-9a-fA-F]{40}$/.test(s)),
        (typed) => {
          expect(parseDestination(typed)).toMatchObject({ ok: false, code: 81010 });
        },
      ),
    );
  });
});

describe("checkDestination, for any of the platform's addresses", () => {
  // No RULES.md line: the code's own rule that a withdrawal never pays the platform's hot wallet or any deposit
  // address the platform derived (the user's own included), whatever case the address is typed in.
  it('refuses the hot wallet and every deposit address in any case (81018), and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        hex40,
        hex40,
        hex40,
        fc.array(fc.boolean(), { minLength: 1 }),
        async (hot, deposit, other, upper) => {
          fc.pre(new Set([hot, deposit, other]).size === 3);
          const platform = {
            hotWallet: checksumAddress(`0x${hot}`),
            isDepositAddress: async (a: `0x${string}`) => a === checksumAddress(`0x${deposit}`),
          };
          for (const [hex, reason] of [
            [hot, "the platform's hot wallet"],
            [deposit, 'a platform deposit address'],
          ] as const) {
            for (const typed of [`0x${hex}`, `0x${hex.toUpperCase()}`, checksumAddress(`0x${hex}`)]) {
              expect(await checkDestination(typed, platform)).toMatchObject({ ok: false, code: 81018, reason });
            }
          }
          const typedOther = `0x${recase(other, upper)}`;
          const parsed = parseDestination(typedOther);
          expect(await checkDestination(typedOther, platform)).toEqual(parsed);
        },
      ),
    );
  });
});
