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

const registry: Record<string, (typeof TRANSACTION_TYPE_REGISTRY)[keyof typeof TRANSACTION_TYPE_REGISTRY]> =
  TRANSACTION_TYPE_REGISTRY;
const typesWhere = (pick: (e: (typeof registry)[string]) => boolean) =>
  Object.entries(registry)
    .filter(([, e]) => pick(e))
    .map(([type]) => type);

describe('transaction-type registry', () => {
  it("holds SPEC.md's 15 types and our 6, each once with an entry", () => {
    expect(TRANSACTION_TYPES).toHaveLength(15 + 6);
    expect(new Set(TRANSACTION_TYPES).size).toBe(TRANSACTION_TYPES.length);
    expect(Object.keys(registry).sort()).toEqual([...TRANSACTION_TYPES].sort());
    for (const type of TRANSACTION_TYPES) {
      const entry = registry[type];
      expect(entry, type).toBeDefined();
      expect(['in', 'out', 'both'], type).toContain(entry?.side);
    }
  });

  it("keeps the platform's own types (chain fees, treasury funding) out of a user's statement filter", () => {
    expect(typesWhere((e) => e.platformOnly)).toEqual(['chain-fee', 'treasury-funding']);
    expect(USER_TRANSACTION_TYPES).toEqual(
      TRANSACTION_TYPES.filter((t) => t !== 'chain-fee' && t !== 'treasury-funding'),
    );
    for (const type of typesWhere((e) => e.platformOnly)) {
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

  it('derives each list from the entries, in the registry order', () => {
    expect(INCOME_TRANSACTION_TYPES).toEqual(typesWhere((e) => e.income));
    expect(TEAM_BONUS_TYPES).toEqual(typesWhere((e) => e.teamBonus));
    expect(COUNTERPARTY_TRANSACTION_TYPES).toEqual(typesWhere((e) => e.counterpartyUser));
    expect(TEAM_BONUS_TYPES).toEqual(['cow-push-income', 'cow-sns-level-income', 'cow-sns-same-level-income']);
    expect(COUNTERPARTY_TRANSACTION_TYPES).toEqual(['user-transfer-out', 'user-transfer-in']);
    expect(INCOME_TRANSACTION_TYPES).toEqual([
      'cow-fund-settlement',
      'cow-push-income',
      'cow-point-income',
      'cow-sns-level-income',
      'cow-sns-same-level-income',
      'cow-ai-machine-mint-income',
    ]);
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
