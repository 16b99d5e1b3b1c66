import { checksumAddress, zeroAddress } from 'viem';
import type { Repositories } from '../../db/repositories/index.ts';

/** Why a withdrawal destination is refused: the error code the user sees (packages/contract errors.ts). */
export type DestinationRefusal =
  | { code: 81010; reason: 'not 0x followed by 40 hex digits' }
  | { code: 81016; reason: 'its mixed case does not match the EIP-55 checksum' }
  | { code: 81017; reason: 'the zero address' }
  | { code: 81018; reason: "the platform's hot wallet" | 'a platform deposit address' };

export type DestinationCheck = { ok: true; address: `0x${string}` } | ({ ok: false } & DestinationRefusal);

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The one rule for a BNB Smart Chain destination's form: 0x and 40 hex digits; an address in
 * one case only (all lower or all upper hex) carries no checksum and is taken as is; a mixed-case one must be
 * exactly its EIP-55 form, since a wrong case is the sign of a mistyped or altered address. The answer is the
 * EIP-55 form, the one stored and paid to. The zero address burns the tokens and is refused.
 */
export function parseDestination(input: string): DestinationCheck {
  if (!HEX_ADDRESS.test(input)) return { ok: false, code: 81010, reason: 'not 0x followed by 40 hex digits' };
  const hex = input.slice(2);
  const address = checksumAddress(input as `0x${string}`);
  const oneCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!oneCase && address !== input) {
    return { ok: false, code: 81016, reason: 'its mixed case does not match the EIP-55 checksum' };
  }
  if (address === zeroAddress) return { ok: false, code: 81017, reason: 'the zero address' };
  return { ok: true, address };
}

/** The platform's own addresses, which a withdrawal must not pay to (it would move nothing, or credit a deposit). */
export interface PlatformAddresses {
  hotWallet: string | null;
  isDepositAddress: (address: `0x${string}`) => Promise<boolean>;
}

/** `parseDestination`, then refuses the platform's hot wallet and every deposit address of the platform. */
export async function checkDestination(input: string, platform: PlatformAddresses): Promise<DestinationCheck> {
  const parsed = parseDestination(input);
  if (!parsed.ok) return parsed;
  if (platform.hotWallet && parsed.address.toLowerCase() === platform.hotWallet.toLowerCase()) {
    return { ok: false, code: 81018, reason: "the platform's hot wallet" };
  }
  if (await platform.isDepositAddress(parsed.address)) {
    return { ok: false, code: 81018, reason: 'a platform deposit address' };
  }
  return parsed;
}

/** The platform's addresses as the database and the configured hot wallet know them. */
export function platformAddresses(repos: Repositories, policy: { hotWallet: string | null }): PlatformAddresses {
  return {
    hotWallet: policy.hotWallet,
    isDepositAddress: (address) => repos.depositAddresses.isPlatformAddress(address),
  };
}
