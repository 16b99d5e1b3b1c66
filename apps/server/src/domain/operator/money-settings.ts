import { INVEST_SETTINGS } from '../invest/invest-config.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import { TREASURY_SETTINGS } from '../treasury/treasury-settings.ts';
import { ADDRESS_BOOK_SETTINGS } from '../withdraw/address-book.ts';
import { WITHDRAW_LIMIT_SETTINGS } from '../withdraw/amount-limits.ts';
import { FOUR_EYES_SETTINGS } from './four-eyes-settings.ts';

/** The part of a per-chain or per-currency key before its chain or currency, taken from the key's own builder. */
const prefixOf = (build: (part: never) => string) => {
  const key = build('\u0000' as never);
  return key.slice(0, key.indexOf('\u0000'));
};

/**
 * The money settings (docs/operator-guide.md "Settings that need two people"): every setting that decides where
 * the platform recognises or sends money, or how far it trusts what it sees: the invest contract, the collection
 * addresses, the cold addresses, the reserves' dust, the credit thresholds, the smallest sweeps, the hot wallet's
 * limits, the withdrawal amount limits, the address book's security hold, and the proposals' expiry (four eyes itself). A family is named by the prefix its key builder makes, so a
 * chain or currency added later is a money setting by construction.
 */
export const MONEY_SETTING_PREFIXES: readonly string[] = [
  prefixOf(INVEST_SETTINGS.contract),
  prefixOf(MACHINE_SETTINGS.collectionAddress),
  prefixOf(TREASURY_SETTINGS.coldAddress),
  prefixOf(TREASURY_SETTINGS.dust),
  prefixOf(FOUR_EYES_SETTINGS.threshold),
  prefixOf(TREASURY_SETTINGS.minSweep),
  // hotMax and hotMin take a chain and a currency: their prefix ends before the chain.
  prefixOf((chain: never) => TREASURY_SETTINGS.hotMax(chain, '')),
  prefixOf((chain: never) => TREASURY_SETTINGS.hotMin(chain, '')),
  prefixOf(WITHDRAW_LIMIT_SETTINGS.day),
  prefixOf(WITHDRAW_LIMIT_SETTINGS.days30),
];

/** Money settings that are one key, not a family. */
export const MONEY_SETTING_KEYS: readonly string[] = [FOUR_EYES_SETTINGS.expiryHours, ADDRESS_BOOK_SETTINGS.holdHours];

/**
 * Whether changing `key` needs a second admin: a money setting is always a proposal, whoever changes it (the
 * operator token too), applied only when an independent admin approves it (proposals.ts).
 */
export function isFourEyesSetting(key: string): boolean {
  return MONEY_SETTING_KEYS.includes(key) || MONEY_SETTING_PREFIXES.some((prefix) => key.startsWith(prefix));
}
