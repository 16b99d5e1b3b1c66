import { describe, expect, it } from 'vitest';
import { hashPassword, RULES_SCRYPT_N, setPasswordHashCost, verifyNobody, verifyPassword } from './password.ts';

const costOf = (stored: string) => Number(stored.split('$')[1]);

describe('password hashes', () => {
  it("are scrypt at RULES.md's cost unless the test suite lowers it; a stored hash is checked at its own cost", async () => {
    const ruled = await hashPassword('Secret123');
    expect(ruled).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(costOf(ruled)).toBe(RULES_SCRYPT_N);

    setPasswordHashCost(1024);
    try {
      const cheap = await hashPassword('Secret123');
      expect(costOf(cheap)).toBe(1024);
      expect(await verifyPassword('Secret123', cheap)).toBe(true);
      expect(await verifyPassword('Secret124', cheap)).toBe(false);
      // A hash made at the old cost still opens with its own N.
      expect(await verifyPassword('Secret123', ruled)).toBe(true);
      expect(await verifyNobody('Secret123')).toBe(false);
    } finally {
      setPasswordHashCost(RULES_SCRYPT_N);
    }
    expect(costOf(await hashPassword('Secret123'))).toBe(RULES_SCRYPT_N);
  }, 30_000); // three hashes at 2^17, 0.6 s of CPU each, on a machine that may be busy
});
