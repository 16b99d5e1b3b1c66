import type { TSetting } from '@aidf/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en/config.json' with { type: 'json' };
import { groupSettings, settingLabel } from './groups.ts';

const setting = (key: string, meaning: string | null = null): TSetting => ({
  key,
  value: null,
  updatedAt: null,
  updatedBy: null,
  meaning,
  fourEyes: false,
});

describe('[console] config groups', () => {
  beforeAll(() => i18next.init({ lng: 'en', resources: { en: { translation: { config: en } } } }));

  it('groups settings as operators think of them, numbers in numeric order', () => {
    const keys = [
      'team.level.10.rate',
      'pledge.rate.365',
      'machine.collectionAddress.bsc',
      'pledge.rate.30',
      'team.level.2.volume',
      'price.reference.aidf',
      'machine.dailyRate',
      'team.level.2.direct',
      'pledge.dailyLimit',
      'pledge.rate.90',
    ];
    const groups = groupSettings(keys.map((k) => setting(k)));
    expect(groups.map((g) => [g.id, g.settings.map((s) => s.key)])).toEqual([
      ['pledge', ['pledge.dailyLimit', 'pledge.rate.30', 'pledge.rate.90', 'pledge.rate.365']],
      ['machine', ['machine.dailyRate']],
      ['team', ['team.level.2.direct', 'team.level.2.volume', 'team.level.10.rate']],
      ['prices', ['price.reference.aidf']],
      // A collection address is no mining term: it is among the others.
      ['other', ['machine.collectionAddress.bsc']],
    ]);
  });

  it("names known keys in the console's words and unknown ones by the server's meaning", () => {
    expect(settingLabel(i18next.t, setting('pledge.rate.90'))).toBe('Pledge rate, 90 days (percent for the period)');
    expect(settingLabel(i18next.t, setting('team.level.3.volume'))).toBe('Star level 3: team volume needed (AIDF)');
    expect(settingLabel(i18next.t, setting('price.reference.cow'))).toBe('Reference price of COW (USDT)');
    expect(settingLabel(i18next.t, setting('explorer.unknown', 'https URL of a bsc transaction'))).toBe(
      'https URL of a bsc transaction',
    );
    expect(settingLabel(i18next.t, setting('machine.collectionAddress.solana'))).toBe(
      "Machine payments' collection address on Solana",
    );
    expect(settingLabel(i18next.t, setting('new.key'))).toBe('new.key');
  });
});
