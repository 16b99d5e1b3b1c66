import { Money } from '@aidf/contract';
import { base58 } from '@scure/base';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { checkDestination } from '../withdraw/destination.ts';

/**
 * The treasury's settings (docs/operator-guide.md "Treasury"): per chain and currency how much the hot wallet
 * keeps at most and at least, per chain the cold address that takes the rest (changed only through four eyes),
 * and per currency the smallest deposit worth sweeping. Amounts are in whole units of the currency.
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
/** Solana's all-zero key (the system program): tokens sent there are gone, like EVM's zero address. */
const SOLANA_ZERO = '11111111111111111111111111111111';

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
      meaning: `${chain === 'bsc' ? 'BNB Smart Chain' : 'Solana'} cold address (changed through four eyes)`,
    };
  }
  for (const currency of SWEPT_CURRENCIES) {
    rules[TREASURY_SETTINGS.minSweep(currency)] = {
      pattern: AMOUNT,
      meaning: `${currency.toUpperCase()} a deposit address must hold before it is swept`,
    };
    rules[TREASURY_SETTINGS.dust(currency)] = {
      pattern: AMOUNT,
      meaning: `${currency.toUpperCase()} a chain's holdings may differ from its clearing account without an alert (default 0)`,
    };
  }
  return rules;
}

/** The cold addresses: a change of one is a proposal a second admin approves (four-eyes-settings.ts). */
export const COLD_ADDRESS_KEYS: readonly string[] = CHAINS.map(TREASURY_SETTINGS.coldAddress);

/** The platform's hot wallet address per chain, as this process knows it (null: none configured here). */
export type HotWallets = Record<TreasuryChain, string | null>;

const HOT_LIMIT = /^treasury\.hot(Max|Min)\.(bsc|solana)\.([a-z]+)$/;

/**
 * What the shape cannot tell (run when a treasury setting is set or proposed, and again when its proposal is
 * applied, since the platform may have changed in between): a cold address that is the zero address (81017), has
 * a wrong EIP-55 checksum (81016) or is one of the platform's own addresses (81018); a hotMin above its hotMax
 * or a hotMax below its hotMin (81037).
 */
export async function checkTreasurySetting(repos: Repositories, hotWallets: HotWallets, key: string, value: string) {
  if (key === TREASURY_SETTINGS.coldAddress('bsc')) {
    const check = await checkDestination(value, {
      hotWallet: hotWallets.bsc,
      isDepositAddress: (address) => repos.depositAddresses.isPlatformAddress(address),
    });
    if (!check.ok) throw new AppError(check.code, `${key}: ${check.reason}`);
    return;
  }
  if (key === TREASURY_SETTINGS.coldAddress('solana')) {
    if (value === SOLANA_ZERO) throw new AppError(81017, `${key}: the all-zero address`);
    if (base58.decode(value).length !== 32) throw new AppError(81010, `${key}: not a 32-byte Solana address`);
    if (value === hotWallets.solana || (await repos.depositAddresses.isSolanaPlatformAddress(value)))
      throw new AppError(81018, `${key}: an address of the platform`);
    return;
  }
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
