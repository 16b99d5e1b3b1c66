import { Money } from '@aidf/contract';
import { base58 } from '@scure/base';
import { checksumAddress, zeroAddress } from 'viem';
import type { SettingChains } from '../../chain/types.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { INVEST_SETTINGS } from '../invest/invest-config.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import { checkHotLimits, MAX_DUST, TREASURY_SETTINGS } from '../treasury/treasury-settings.ts';

/** The settings that name an address of the platform, per chain: none of them may be another's value. */
const PLATFORM_ADDRESS_KEYS = {
  bsc: [
    TREASURY_SETTINGS.coldAddress('bsc'),
    MACHINE_SETTINGS.collectionAddress('bsc'),
    INVEST_SETTINGS.contract('bsc'),
  ],
  solana: [TREASURY_SETTINGS.coldAddress('solana'), MACHINE_SETTINGS.collectionAddress('solana')],
} as const;

/** Solana's all-zero key (the system program): tokens sent there are gone, like EVM's zero address. */
const SOLANA_ZERO = '11111111111111111111111111111111';

const refuse = (code: 81010 | 81016 | 81017 | 81018 | 1225, key: string, why: string) =>
  new AppError(code, `${key}: ${why}`);

/**
 * The platform's addresses on `chain` besides the hot wallet and the deposit addresses, with why each is one: the
 * other address settings (the one being changed left out), every address the treasury has signed from (the hot
 * wallet even to a process not told it), and the token contracts of the token config.
 */
async function otherPlatformAddresses(repos: Repositories, chain: 'bsc' | 'solana', key: string) {
  const keys = PLATFORM_ADDRESS_KEYS[chain].filter((k) => k !== key);
  const [settings, signers, tokens] = await Promise.all([
    repos.settings.get(keys),
    repos.chain.treasurySigners(chain),
    repos.tokenConfigs.all(),
  ]);
  const chainCurrency = chain === 'bsc' ? 'bnb' : 'sol';
  return [
    ...[...settings.values()].map((address) => ({ address, what: 'the cold, collection or invest address' })),
    ...signers.map((address) => ({ address, what: 'an address the treasury signs from' })),
    ...tokens
      .filter((t) => t.chainCurrency === chainCurrency)
      .map((t) => ({ address: t.contractAddress ?? '', what: `the ${t.currency.toUpperCase()} token contract` })),
  ].filter((a) => a.address !== '');
}

/**
 * A BNB Smart Chain address the platform will recognise or send money at: exactly its EIP-55 form (81016; an
 * address in one case carries no checksum and is refused too), not the zero address (81017), not one of the
 * platform's own addresses (hot wallet, deposit addresses, the other address settings) nor a user's bound wallet
 * (81018).
 */
async function checkBscAddress(repos: Repositories, chains: SettingChains, key: string, value: string) {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw refuse(81010, key, 'not 0x followed by 40 hex digits');
  const address = checksumAddress(value as `0x${string}`);
  if (address === zeroAddress) throw refuse(81017, key, 'the zero address');
  if (address !== value) {
    throw refuse(81016, key, `write the address in its EIP-55 checksummed form (mixed case): ${address}`);
  }
  const same = (other: string | null | undefined) => !!other && other.toLowerCase() === address.toLowerCase();
  if (same(chains.hotWallets.bsc)) throw refuse(81018, key, "the platform's hot wallet");
  if (await repos.depositAddresses.isPlatformAddress(address)) throw refuse(81018, key, 'a platform deposit address');
  const taken = (await otherPlatformAddresses(repos, 'bsc', key)).find((a) => same(a.address));
  if (taken) throw refuse(81018, key, `already ${taken.what} of the platform`);
  if (await repos.boundAddresses.isUserAddress('bnb', [address, address.toLowerCase()])) {
    throw refuse(81018, key, "a user's bound wallet");
  }
  return address;
}

/** A Solana address: 32 bytes of base58 (81010), not the all-zero key (81017), nobody's but the platform's (81018). */
async function checkSolanaAddress(repos: Repositories, chains: SettingChains, key: string, value: string) {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(value);
  } catch {
    throw refuse(81010, key, 'not a base58 Solana address');
  }
  if (bytes.length !== 32) throw refuse(81010, key, 'not a 32-byte Solana address');
  if (value === SOLANA_ZERO) throw refuse(81017, key, 'the all-zero address');
  if (value === chains.hotWallets.solana) throw refuse(81018, key, "the platform's hot wallet");
  if (await repos.depositAddresses.isSolanaPlatformAddress(value)) {
    throw refuse(81018, key, 'a platform deposit address');
  }
  const taken = (await otherPlatformAddresses(repos, 'solana', key)).find((a) => a.address === value);
  if (taken) throw refuse(81018, key, `already ${taken.what} of the platform`);
  if (await repos.boundAddresses.isUserAddress('sol', [value])) throw refuse(81018, key, "a user's bound wallet");
}

/** The invest contract: '' switches investing off; otherwise a BSC address as above that holds contract code. */
async function checkInvestContract(repos: Repositories, chains: SettingChains, key: string, value: string) {
  if (value === '') return;
  const address = await checkBscAddress(repos, chains, key, value);
  if (!chains.bscCodeAt) {
    throw new AppError(
      81034,
      `${key}: BNB Smart Chain is not configured in this process, so the contract is not checked`,
    );
  }
  let code: string | undefined;
  try {
    code = await chains.bscCodeAt(address);
  } catch {
    throw new AppError(81064, `${key}: BNB Smart Chain could not be read to check the contract; nothing was changed`);
  }
  if (!code || code === '0x') throw refuse(1225, key, 'no contract is deployed at this address on BNB Smart Chain');
}

/**
 * What the shape cannot tell of a money setting (money-settings.ts), run when it is proposed and again when its
 * proposal is applied, since the platform may have changed in between: the address checks above, reserves dust at
 * most MAX_DUST (1225), a hotMin above its hotMax or a hotMax below its hotMin (81037). Other keys pass.
 */
export async function checkMoneySetting(repos: Repositories, chains: SettingChains, key: string, value: string) {
  if (key === INVEST_SETTINGS.contract('bsc')) return checkInvestContract(repos, chains, key, value);
  if (key === MACHINE_SETTINGS.collectionAddress('bsc') || key === TREASURY_SETTINGS.coldAddress('bsc')) {
    await checkBscAddress(repos, chains, key, value);
    return;
  }
  if (key === MACHINE_SETTINGS.collectionAddress('solana') || key === TREASURY_SETTINGS.coldAddress('solana')) {
    return checkSolanaAddress(repos, chains, key, value);
  }
  if (key.startsWith(TREASURY_SETTINGS.dust('')) && new Money(value).greaterThan(MAX_DUST)) {
    throw refuse(
      1225,
      key,
      `at most ${MAX_DUST} whole unit: a larger dust would hide a real difference in the reserves`,
    );
  }
  await checkHotLimits(repos, key, value);
}
