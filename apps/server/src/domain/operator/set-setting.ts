import { CURRENCIES, PLEDGE_DAYS, WITHDRAW_CURRENCIES } from '@aidf/contract';
import type { SettingChains } from '../../chain/types.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { EXPLORER_PATTERN, EXPLORER_SETTINGS } from '../assets/explorer.ts';
import { PRICED_CURRENCIES, REFERENCE_PRICE_PATTERN, referencePriceSetting } from '../assets/reference-prices.ts';
import { AppError } from '../errors.ts';
import { INVEST_CONTRACT_PATTERN, INVEST_SETTINGS } from '../invest/invest-config.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import { forgetOrderContexts } from '../machine/order-context-cache.ts';
import { PLEDGE_SETTINGS } from '../pledge/pledge-config.ts';
import { STAR_LEVELS, TEAM_SETTINGS } from '../team/team-config.ts';
import { treasurySettingRules } from '../treasury/treasury-settings.ts';
import {
  ADDRESS_BOOK_SETTINGS,
  DEFAULT_ADDRESS_BOOK_HOLD_HOURS,
  HOLD_HOURS_PATTERN,
} from '../withdraw/address-book.ts';
import { LIMIT_AMOUNT_PATTERN, WITHDRAW_LIMIT_SETTINGS } from '../withdraw/amount-limits.ts';
import { DEFAULT_PROPOSAL_EXPIRY_HOURS, FOUR_EYES_SETTINGS } from './four-eyes-settings.ts';
import { checkMoneySetting } from './money-setting-checks.ts';
import { isFourEyesSetting } from './money-settings.ts';
import { propose } from './propose.ts';
import type { OperatorActor } from './roles.ts';

const PERCENT = /^(?:0|[1-9]\d{0,3})(?:\.\d{1,8})?$/;
const COUNT = /^(?:0|[1-9]\d{0,3})$/;
/** A percent of a purchase's worth, 0 to 100. */
const RATE = /^(?:100(?:\.0{1,8})?|[1-9]?\d(?:\.\d{1,8})?)$/;
/** An AIDF amount, at most 18 digits before the point. */
const AMOUNT = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/;

/** Every setting an operator may change, with the shape of its value. */
const SETTING_RULES: Record<string, { pattern: RegExp; meaning: string }> = {
  ...Object.fromEntries(
    PLEDGE_DAYS.map((d) => [PLEDGE_SETTINGS.rate(d), { pattern: PERCENT, meaning: `percent for the ${d}-day period` }]),
  ),
  [PLEDGE_SETTINGS.dailyLimit]: { pattern: COUNT, meaning: 'pledges per user per UTC day' },
  // Star level thresholds and bonus rates (percent of the machine's worth).
  ...Object.fromEntries(
    STAR_LEVELS.flatMap((l) => [
      [TEAM_SETTINGS.volume(l), { pattern: AMOUNT, meaning: `team volume (AIDF) star level ${l} needs` }],
      [TEAM_SETTINGS.direct(l), { pattern: COUNT, meaning: `number of direct invitees star level ${l} needs` }],
      [TEAM_SETTINGS.rate(l), { pattern: RATE, meaning: `level bonus percent of star level ${l}` }],
    ]),
  ),
  [TEAM_SETTINGS.directRate]: { pattern: RATE, meaning: 'direct bonus percent of the worth' },
  [TEAM_SETTINGS.peerRate]: { pattern: RATE, meaning: 'peer bonus percent of the worth' },
  [INVEST_SETTINGS.contract('bsc')]: {
    pattern: INVEST_CONTRACT_PATTERN,
    meaning: "EIP-55 address of the invest contract on BNB Smart Chain ('' switches investing off; four eyes)",
  },
  [TEAM_SETTINGS.maxBonusPercent]: {
    pattern: RATE,
    meaning: 'maximum percent of the worth paid in bonuses per purchase',
  },
  // The miner's rates (new machines take them; a running one keeps its own) and collection addresses.
  [MACHINE_SETTINGS.dailyRate]: { pattern: /^0\.(?=\d*[1-9])\d{1,8}$/, meaning: 'daily rate in (0, 1), such as 0.01' },
  [MACHINE_SETTINGS.capMultiple]: {
    pattern: /^(?:[1-9]\d{0,2})(?:\.\d{1,4})?$/,
    meaning: 'multiple of worth, such as 2',
  },
  [MACHINE_SETTINGS.collectionAddress('bsc')]: {
    pattern: /^0x[0-9a-fA-F]{40}$/,
    meaning: 'EIP-55 BNB Smart Chain address machine payments go to (four eyes)',
  },
  // Where the history's transaction links go.
  ...Object.fromEntries(
    Object.entries(EXPLORER_SETTINGS).map(([chain, key]) => [
      key,
      { pattern: EXPLORER_PATTERN, meaning: `https URL of a ${chain} transaction, {tx} for its hash` },
    ]),
  ),
  // Reference prices for the assets screen's total (USDT per unit; '0' takes a price away).
  ...Object.fromEntries(
    PRICED_CURRENCIES.map((c) => [
      referencePriceSetting(c),
      { pattern: REFERENCE_PRICE_PATTERN, meaning: `USDT price of one ${c.toUpperCase()}, such as 0.25 (0 = none)` },
    ]),
  ),
  [MACHINE_SETTINGS.collectionAddress('solana')]: {
    pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    meaning: 'Solana address (base58) machine payments go to (four eyes)',
  },
  // Four eyes itself; like every money setting (money-settings.ts) a change is a proposal a second admin approves.
  ...Object.fromEntries(
    CURRENCIES.map((c) => [
      FOUR_EYES_SETTINGS.threshold(c),
      {
        pattern: /^(?=.*[1-9])(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/,
        meaning: `${c.toUpperCase()} amount from which a credit needs a second operator (else CREDIT_APPROVAL_THRESHOLD)`,
      },
    ]),
  ),
  // The treasury: hot wallet limits, cold addresses, smallest sweeps, reserves dust (all money settings).
  ...treasurySettingRules(),
  // Withdrawal amount limits per currency (money settings; one user's own limit is a 'withdraw-limit' proposal).
  ...Object.fromEntries(
    WITHDRAW_CURRENCIES.flatMap((c) => [
      [
        WITHDRAW_LIMIT_SETTINGS.day(c),
        { pattern: LIMIT_AMOUNT_PATTERN, meaning: `${c.toUpperCase()} a user may withdraw per UTC day, 0 or more` },
      ],
      [
        WITHDRAW_LIMIT_SETTINGS.days30(c),
        {
          pattern: LIMIT_AMOUNT_PATTERN,
          meaning: `${c.toUpperCase()} a user may withdraw in 30 UTC days (today and the 29 before), 0 or more`,
        },
      ],
    ]),
  ),
  [ADDRESS_BOOK_SETTINGS.holdHours]: {
    pattern: HOLD_HOURS_PATTERN,
    meaning: `hours a confirmed address-book change waits before it applies, 0-999 (default ${DEFAULT_ADDRESS_BOOK_HOLD_HOURS})`,
  },
  [FOUR_EYES_SETTINGS.expiryHours]: {
    pattern: /^(?:[1-9]\d{0,2})$/,
    meaning: `hours a proposal stays open, 1-999 (default ${DEFAULT_PROPOSAL_EXPIRY_HOURS})`,
  },
};

export function settingKeys(): string[] {
  return Object.keys(SETTING_RULES);
}

/** The rule of a known key; own keys only, so '__proto__' or 'constructor' is unknown, not Object's. */
const ruleOf = (key: string) => (Object.hasOwn(SETTING_RULES, key) ? SETTING_RULES[key] : undefined);

/** What a known setting's value means (the console shows it beside the value); null for an unknown key. */
export function settingMeaning(key: string): string | null {
  return ruleOf(key)?.meaning ?? null;
}

/**
 * GET /ops/v1/config: the settings that are set, and every known one that is not (value null), by key, each with
 * its meaning and whether a change needs a second admin, so the console can offer all of them.
 */
export async function listSettings(repos: Repositories) {
  const set = (await repos.settings.all()).map((s) => ({
    key: s.key,
    value: s.value as string | null,
    updatedAt: s.updatedAt.getTime() as number | null,
    updatedBy: s.updatedBy as string | null,
    meaning: settingMeaning(s.key),
    fourEyes: isFourEyesSetting(s.key),
  }));
  const present = new Set(set.map((s) => s.key));
  const unset = settingKeys()
    .filter((key) => !present.has(key))
    .map((key) => ({
      key,
      value: null,
      updatedAt: null,
      updatedBy: null,
      meaning: settingMeaning(key),
      fourEyes: isFourEyesSetting(key),
    }));
  return [...set, ...unset].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The shape of `value` for `key` (1225 for an unknown key or a value of the wrong shape). */
function validSetting(key: string, value: string) {
  const rule = ruleOf(key);
  if (!rule) throw new AppError(1225, `unknown setting ${key}; known: ${settingKeys().join(', ')}`);
  if (!rule.pattern.test(value)) throw new AppError(1225, `${key} must be a ${rule.meaning}`);
}

/**
 * Writes one setting in `tx`, audited with the value before and after. New items read it; a running pledge
 * keeps the rate it started with. `detail` says which proposal it applies, if any.
 */
export async function writeSetting(
  tx: Repositories,
  input: {
    key: string;
    value: string;
    actor: OperatorActor;
    reason: string;
    detail?: Record<string, unknown>;
    chains: SettingChains;
  },
) {
  // Again at write time: a proposal applies days after it was checked, and the platform may have changed since.
  validSetting(input.key, input.value);
  await checkMoneySetting(tx, input.chains, input.key, input.value);
  const before = await tx.settings.set(input.key, input.value, input.actor.name);
  await tx.operatorActions.record({
    actor: input.actor,
    action: 'setting',
    target: `setting:${input.key}`,
    // As objects: a bare JSON string would be stored as a number by the driver ('6.5' → 6.5).
    before: { value: before },
    after: { value: input.value },
    reason: input.reason,
    detail: { key: input.key, before, after: input.value, ...input.detail },
  });
  return { key: input.key, before, after: input.value };
}

/**
 * POST /ops/v1/config: changes one setting at once, or, for a money setting (money-settings.ts), proposes the
 * change for a second, independent admin (status proposed), whoever asks: the operator token is one person too.
 * A money setting is checked now and again when its proposal is applied (money-setting-checks.ts).
 */
export async function setSetting(
  repos: Repositories,
  input: { key: string; value: string; actor: OperatorActor; reason: string; chains: SettingChains },
) {
  validSetting(input.key, input.value);
  await checkMoneySetting(repos, input.chains, input.key, input.value);
  if (isFourEyesSetting(input.key)) {
    const before = (await repos.settings.get([input.key])).get(input.key) ?? null;
    return repos.transaction(async (tx) => {
      const { status, proposalId } = await propose(tx, input.actor, {
        kind: 'setting',
        payload: { key: input.key, value: input.value },
        before: { value: before },
        reason: input.reason,
      });
      return { status, proposalId, key: input.key, before, after: input.value };
    });
  }
  const changed = await repos.transaction((tx) => writeSetting(tx, input));
  forgetOrderContexts(); // after the commit: a poll reading in between would keep the old value
  return { status: 'applied' as const, ...changed };
}
