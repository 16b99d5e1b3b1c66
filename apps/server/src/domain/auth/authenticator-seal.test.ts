import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticatorSeal, sealKeyBytes, sealKeyId } from './authenticator-seal.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('authenticator seal', () => {
  it('seals under a fresh nonce each time and opens only for the same user, unaltered', () => {
    const seal = authenticatorSeal(randomBytes(32));
    const a = seal.seal(7n, SECRET);
    const b = seal.seal(7n, SECRET);
    expect(a).not.toBe(b);
    expect(a).not.toContain(SECRET);
    expect(a.startsWith(`v1.${seal.keyId}.`)).toBe(true);
    expect(seal.open(7n, a)).toEqual({ secret: SECRET, current: true });
    expect(seal.open(8n, a)).toBeNull();
    const [v, id, nonce, body] = a.split('.') as [string, string, string, string];
    const flipped = `${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.at(-1)}`;
    expect(seal.open(7n, [v, id, nonce, flipped].join('.'))).toBeNull();
    expect(seal.open(7n, [v, id, nonce].join('.'))).toBeNull();
  });

  it('opens what the previous key sealed (not current), a plain secret as it is, and refuses an unknown key', () => {
    const before = randomBytes(32);
    const now = randomBytes(32);
    const sealedBefore = authenticatorSeal(before).seal(3n, SECRET);
    const rotated = authenticatorSeal(now, before);
    expect(rotated.keyId).toBe(sealKeyId(now));
    expect(rotated.open(3n, sealedBefore)).toEqual({ secret: SECRET, current: false });
    expect(rotated.open(3n, SECRET)).toEqual({ secret: SECRET, current: false });
    expect(() => authenticatorSeal(now).open(3n, sealedBefore)).toThrow(/neither AUTHENTICATOR_SEAL_KEY/);
  });

  it('takes a key as 32 bytes of base64 only', () => {
    const key = randomBytes(32);
    expect(sealKeyBytes(key.toString('base64'))?.equals(key)).toBe(true);
    expect(sealKeyBytes(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(sealKeyBytes(key.toString('hex'))).toBeNull();
    expect(sealKeyBytes(randomBytes(31).toString('base64'))).toBeNull();
    expect(sealKeyBytes(randomBytes(33).toString('base64'))).toBeNull();
  });
});
