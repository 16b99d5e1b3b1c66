import { Money } from '@aidf/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLevelGap } from './level-progress.ts';
import { type LevelRule, STAR_LEVELS } from './team-config.ts';

const UNIT = 10n ** 18n;
/** Base units as NUMERIC prints them: 18 decimals, trailing zeros kept. */
const numeric = (units: bigint) => `${units / UNIT}.${(units % UNIT).toString().padStart(18, '0')}`;

/** Seven levels with rising thresholds, as an operator sets them. */
const levelRules = fc
  .array(fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 6n * UNIT }), fc.nat(5)), { minLength: 7, maxLength: 7 })
  .map((steps) => {
    let volume = 0n;
    let direct = 0;
    return steps.map(([dv, dd], i): LevelRule => {
      volume += dv;
      direct += dd;
      return { level: STAR_LEVELS[i] as LevelRule['level'], minVolume: numeric(volume), minDirect: direct, rate: '1' };
    });
  });

const stats = fc.record({
  level: fc.integer({ min: 0, max: 7 }),
  teamVolume: fc.bigInt({ min: 0n, max: 10n ** 8n * UNIT }).map(numeric),
  directCount: fc.nat(60),
});

describe('the next star level', () => {
  // RULES.md "Invitations and team": "Star levels 1-7 are earned by team performance (sum of machine worth bought
  // by the whole downline) and direct invitees; thresholds and bonus rates are config rows."
  it("names the next level's two needs and what of each is still missing, never below zero", () => {
    fc.assert(
      fc.property(levelRules, stats, (levels, s) => {
        const gap = nextLevelGap(s, levels);
        if (s.level === 7) {
          expect(gap).toBeNull();
          return;
        }
        const rule = levels[s.level] as LevelRule;
        expect(gap).not.toBeNull();
        if (!gap) return;
        expect(gap.level).toBe(s.level + 1);
        expect(new Money(gap.volumeNeeded).eq(rule.minVolume)).toBe(true);
        expect(gap.directNeeded).toBe(rule.minDirect);
        const volumeShort = new Money(rule.minVolume).minus(s.teamVolume);
        expect(new Money(gap.volumeMissing).eq(volumeShort.gt(0) ? volumeShort : 0)).toBe(true);
        expect(gap.directMissing).toBe(Math.max(0, rule.minDirect - s.directCount));
        // Nothing missing exactly when both needs of the next level are met.
        const met = new Money(s.teamVolume).gte(rule.minVolume) && s.directCount >= rule.minDirect;
        expect(gap.volumeMissing === '0' && gap.directMissing === 0).toBe(met);
        expect(gap.volumeNeeded).not.toMatch(/\.\d*0$|\.$/);
      }),
    );
  });
});
