import { describe, expect, it } from 'vitest';
import { isFourEyesSetting, MONEY_SETTING_KEYS, MONEY_SETTING_PREFIXES } from './money-settings.ts';
import { settingKeys } from './set-setting.ts';

describe('money settings', () => {
  it('names each family by the prefix of its key builder', () => {
    expect([...MONEY_SETTING_PREFIXES].sort()).toEqual(
      [
        'credit.approvalThreshold.',
        'invest.contract.',
        'machine.collectionAddress.',
        'treasury.coldAddress.',
        'treasury.dust.',
        'treasury.hotMax.',
        'treasury.hotMin.',
        'treasury.minSweep.',
        'withdraw.limit.day.',
        'withdraw.limit.days30.',
      ].sort(),
    );
    expect(MONEY_SETTING_KEYS).toEqual(['proposal.expiryHours', 'withdraw.addressBookHoldHours']);
  });

  it('makes every known key under a money prefix a four-eyes key, and each prefix has known keys', () => {
    const keys = settingKeys();
    for (const prefix of MONEY_SETTING_PREFIXES) {
      const family = keys.filter((key) => key.startsWith(prefix));
      expect(family.length, prefix).toBeGreaterThan(0);
      for (const key of family) expect(isFourEyesSetting(key), key).toBe(true);
    }
    for (const key of MONEY_SETTING_KEYS) expect(keys).toContain(key);
  });

  it('covers a chain or currency added later, and leaves the other settings to one operator', () => {
    expect(isFourEyesSetting('treasury.hotMax.tron.usdt')).toBe(true);
    expect(isFourEyesSetting('invest.contract.solana')).toBe(true);
    expect(isFourEyesSetting('credit.approvalThreshold.newcoin')).toBe(true);
    const others = settingKeys().filter((key) => !isFourEyesSetting(key));
    expect(others).toContain('pledge.rate.90');
    expect(others).toContain('machine.dailyRate');
    for (const key of others) {
      expect(
        MONEY_SETTING_PREFIXES.some((p) => key.startsWith(p)),
        key,
      ).toBe(false);
    }
  });
});
