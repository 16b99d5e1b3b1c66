import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LevelRule, levelArrays, STAR_LEVELS, TEAM_SETTINGS, teamSettingKeys } from './team-config.ts';

const rate = fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toString());

describe('the team settings', () => {
  // RULES.md "Invitations and team": "Star levels 1-7 ... thresholds and bonus rates are config rows."
  it('read a volume, a direct count and a rate per level 1-7, and the direct, peer and maximum bonus rates', () => {
    const keys = teamSettingKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(7 * 3 + 3);
    for (const level of STAR_LEVELS) {
      expect(keys).toContain(TEAM_SETTINGS.volume(level));
      expect(keys).toContain(TEAM_SETTINGS.direct(level));
      expect(keys).toContain(TEAM_SETTINGS.rate(level));
    }
    expect(STAR_LEVELS).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('hand the statements each level at its place: index i is star level i + 1', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(10 ** 9), fc.nat(50), rate), { minLength: 7, maxLength: 7 }), (rows) => {
        const levels = rows.map(
          ([volume, direct, r], i): LevelRule => ({
            level: STAR_LEVELS[i] as LevelRule['level'],
            minVolume: String(volume),
            minDirect: direct,
            rate: r,
          }),
        );
        const arrays = levelArrays({ levels, directRate: '1', peerRate: '1', maxBonusPercent: '50' });
        expect(arrays.volumes).toEqual(rows.map(([v]) => String(v)));
        expect(arrays.directs).toEqual(rows.map(([, d]) => d));
        expect(arrays.rates).toBe(`{${rows.map(([, , r]) => r).join(',')}}`);
      }),
    );
  });
});
