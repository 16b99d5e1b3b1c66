import { Money } from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';

/**
 * The treasury's settings (docs/operator-guide.md "Treasury"): per chain and currency how much the hot wallet
 * keeps at most and at least, per chain the cold address that takes the rest, per currency the smallest deposit
 * worth sweeping and the reserves' dust. Amounts are in whole units of the currency. All of them are money settings
 * (domain/operator/money-settings.ts): changed through four eyes, checked by money-setting-checks.ts.
 */
export type TreasuryChain = 'bsc' | 'solana';

/** What the platform holds per chain: the tokens and native coin its deposit addresses receive and sweep. */
export const TREASURY_CURRENCIES: Record<TreasuryChain, readonly string[]> = {
  bsc: ['cow', 'usdt', 'eoeo', 'aidf', 'bnb'],
  solana: ['sol', 'usdt'],
};

export const TREASURY_SETTINGS = {
  hotMax: (chain: TreasuryChain, currency: string) => `treasury.hotMax.${chain}.${currency}`,
  hotMin: (chain: TreasuryChain, currency: string) => `treasury.hotMin.${chain}.${currency}`,
  coldAddress: (chain: TreasuryChain) => `treasury.coldAddress.${chain}`,
  minSweep: (currency: string) => `treasury.minSweep.${currency}`,
  /** How far a chain's holdings may differ from its clearing account before the reserves report alerts (0: none). */
  dust: (currency: string) => `treasury.dust.${currency}`,
} as const;

const CHAINS = Object.keys(TREASURY_CURRENCIES) as TreasuryChain[];
const SWEPT_CURRENCIES = [...new Set(CHAINS.flatMap((c) => TREASURY_CURRENCIES[c]))];

/** A non-negative amount in whole units: a minus sign is refused by the shape (1225), never stored. */
const AMOUNT = /^(?:0|[1-9]\d{0,23})(?:\.\d{1,18})?$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/**
 * The most reserves dust may be, in whole units of its currency: a difference below it raises no alert, so a large
 * one would silence the reserves report (docs/operator-guide.md "Settings that need two people").
 */
export const MAX_DUST = '1';

/** The treasury's settings as rules of set-setting.ts: key → shape of the value and what it means. */
export function treasurySettingRules(): Record<string, { pattern: RegExp; meaning: string }> {
  const rules: Record<string, { pattern: RegExp; meaning: string }> = {};
  for (const chain of CHAINS) {
    for (const currency of TREASURY_CURRENCIES[chain]) {
      const unit = currency.toUpperCase();
      rules[TREASURY_SETTINGS.hotMax(chain, currency)] = {
        pattern: AMOUNT,
        meaning: `${unit} the ${chain} hot wallet keeps at most; a sweep sends the rest to the cold address`,
      };
      rules[TREASURY_SETTINGS.hotMin(chain, currency)] = {
        pattern: AMOUNT,
        meaning: `${unit} below which the ${chain} hot wallet raises an alert (at most its hotMax)`,
      };
    }
    rules[TREASURY_SETTINGS.coldAddress(chain)] = {
      pattern: chain === 'bsc' ? /^0x[0-9a-fA-F]{40}$/ : SOLANA_ADDRESS,
      meaning: `${chain === 'bsc' ? 'EIP-55 BNB Smart Chain' : 'Solana'} cold address (four eyes)`,
    };
  }
  for (const currency of SWEPT_CURRENCIES) {
    rules[TREASURY_SETTINGS.minSweep(currency)] = {
      pattern: AMOUNT,
      meaning: `${currency.toUpperCase()} a deposit address must hold before it is swept`,
    };
    rules[TREASURY_SETTINGS.dust(currency)] = {
      pattern: AMOUNT,
      meaning: `${currency.toUpperCase()} a chain's holdings may differ from its clearing account without an alert (default 0, at most ${MAX_DUST})`,
    };
  }
  return rules;
}

const HOT_LIMIT = /^treasury\.hot(Max|Min)\.(bsc|solana)\.([a-z]+)$/;

/**
 * What the shape of a hot limit cannot tell (run when it is proposed and again when its proposal is applied): a
 * hotMin above its hotMax or a hotMax below its hotMin (81037). Other keys pass.
 */
export async function checkHotLimits(repos: Repositories, key: string, value: string) {
  const limit = HOT_LIMIT.exec(key);
  if (!limit) return;
  const [, side, chain, currency] = limit as unknown as [string, 'Max' | 'Min', TreasuryChain, string];
  const otherKey =
    side === 'Max' ? TREASURY_SETTINGS.hotMin(chain, currency) : TREASURY_SETTINGS.hotMax(chain, currency);
  const other = (await repos.settings.get([otherKey])).get(otherKey);
  if (other === undefined || other === null) return;
  const [min, max] = side === 'Max' ? [new Money(other), new Money(value)] : [new Money(value), new Money(other)];
  if (min.greaterThan(max)) throw new AppError(81037, `${key}: hotMin ${min} would be above hotMax ${max}`);
}
