import { describe, expect, it } from 'vitest';
import { ZTeamBonusType } from './endpoints/user.ts';
import {
  COUNTERPARTY_TRANSACTION_TYPES,
  INCOME_TRANSACTION_TYPES,
  isTransactionType,
  TEAM_BONUS_TYPES,
  TRANSACTION_TYPE_REGISTRY,
  TRANSACTION_TYPES,
  type TTeamBonusType,
  transactionTypeKey,
  USER_TRANSACTION_TYPES,
} from './transaction-types.ts';

// The expected lists are written out, not derived from the registry's flags: a flag set on the wrong entry, or
// an entry moved, fails here.

/** SPEC.md point 3's raw values, in its order. */
const SPEC_TYPES = [
  'cow-fund-release',
  'cow-fund-buy',
  'cow-fund-settlement',
  'merchant-system-transfer',
  'user-transfer-out',
  'user-transfer-in',
  'cow-ai-maching-buy',
  'cow-push-income',
  'cow-point-income',
  'cow-sns-level-income',
  'cow-sns-same-level-income',
  'cow-income-fee',
  'cow-ai-machine-auto-mint',
  'cow-ai-machine-mint-income',
  'eow-swap',
];
/** Ours that a user's statement shows: on-chain recharge, withdrawal, a failed payout's refund, an invest. */
const OUR_USER_TYPES = ['chain-recharge', 'chain-withdraw', 'chain-withdraw-refund', 'chain-invest'];
/** Ours that only the platform's ledger accounts carry. */
const PLATFORM_TYPES = ['chain-fee', 'treasury-funding'];

const registry: Record<string, (typeof TRANSACTION_TYPE_REGISTRY)[keyof typeof TRANSACTION_TYPE_REGISTRY]> =
  TRANSACTION_TYPE_REGISTRY;

describe('transaction-type registry', () => {
  it("holds SPEC.md's types in SPEC.md's order, then ours, each once with a side", () => {
    expect(TRANSACTION_TYPES).toEqual([...SPEC_TYPES, ...OUR_USER_TYPES, ...PLATFORM_TYPES]);
    expect(Object.keys(registry).sort()).toEqual([...TRANSACTION_TYPES].sort());
    for (const type of TRANSACTION_TYPES) expect(['in', 'out', 'both'], type).toContain(registry[type]?.side);
  });

  it("keeps the platform's own types (chain fees, treasury funding) out of a user's statement filter", () => {
    expect(USER_TRANSACTION_TYPES).toEqual([...SPEC_TYPES, ...OUR_USER_TYPES]);
    for (const type of PLATFORM_TYPES) {
      expect(registry[type]?.platformOnly, type).toBe(true);
      expect(registry[type]?.income, type).toBe(false);
      expect(registry[type]?.teamBonus, type).toBe(false);
      expect(registry[type]?.counterpartyUser, type).toBe(false);
    }
  });

  it('gives every type its own label key, and an unknown one "Other"', () => {
    for (const type of TRANSACTION_TYPES) {
      expect(registry[type]?.labelKey).toBe(`txType.${type}`);
      expect(transactionTypeKey(type)).toBe(`txType.${type}`);
    }
    expect(transactionTypeKey('made-up')).toBe('txType.unknown');
    // A name of Object.prototype is no type.
    expect(isTransactionType('toString')).toBe(false);
    expect(transactionTypeKey('constructor')).toBe('txType.unknown');
  });

  it('lists income, team bonuses and transfers as the screens show them, in the registry order', () => {
    expect(INCOME_TRANSACTION_TYPES).toEqual([
      'cow-fund-settlement',
      'cow-push-income',
      'cow-point-income',
      'cow-sns-level-income',
      'cow-sns-same-level-income',
      'cow-ai-machine-mint-income',
    ]);
    expect(TEAM_BONUS_TYPES).toEqual(['cow-push-income', 'cow-sns-level-income', 'cow-sns-same-level-income']);
    expect(COUNTERPARTY_TRANSACTION_TYPES).toEqual(['user-transfer-out', 'user-transfer-in']);
  });

  it('keeps the lists consistent with each other and with the sides', () => {
    // Income only ever comes in, and every team bonus is income.
    for (const type of INCOME_TRANSACTION_TYPES) expect(registry[type]?.side, type).toBe('in');
    for (const type of TEAM_BONUS_TYPES) expect(INCOME_TRANSACTION_TYPES, type).toContain(type);
    // A transfer is one type out and one type in.
    expect(COUNTERPARTY_TRANSACTION_TYPES.map((type) => registry[type]?.side).sort()).toEqual(['in', 'out']);
  });

  it('types each list as the types it holds', () => {
    const bonus: TTeamBonusType = 'cow-sns-same-level-income';
    // @ts-expect-error points are income but no team bonus: the typecheck fails if the list's type widens.
    const notBonus: TTeamBonusType = 'cow-point-income';
    expect([bonus, notBonus]).toHaveLength(2);
    expect(TRANSACTION_TYPE_REGISTRY['cow-push-income'].labelKey).toBe('txType.cow-push-income');
  });

  it('is what the team answer accepts as a bonus type', () => {
    expect(ZTeamBonusType.options).toEqual([...TEAM_BONUS_TYPES]);
    expect(ZTeamBonusType.safeParse('cow-point-income').success).toBe(false);
  });
});
