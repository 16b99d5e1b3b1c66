import type { TChainCurrency } from '@aidf/contract';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58 } from '@scure/base';
import { getAddress, type Hex, hashMessage, hexToBytes, isAddress, isHex, toHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { keyRecovery } from './evm-key-recovery.ts';

const HALF_N = secp256k1.Point.CURVE().n / 2n;

/** An address in its canonical form (EIP-55 for BNB Smart Chain, base58 of 32 bytes for Solana), or null. */
export function canonicalAddress(currency: TChainCurrency, address: string): string | null {
  if (currency === 'bnb') return isAddress(address, { strict: false }) ? getAddress(address) : null;
  try {
    return base58.decode(address).length === 32 ? address : null;
  } catch {
    return null;
  }
}

/**
 * The signer of an EVM personal_sign signature (0x + 65 bytes, v as 27/28 or 0/1); null for a malformed
 * or high-s (malleable) signature. The key is recovered by libsecp256k1 where its binary loads, else by
 * @noble/curves (evm-key-recovery.ts): every signed request pays for this.
 */
export async function recoverEvmSigner(message: string, signature: string): Promise<string | null> {
  if (!isHex(signature) || signature.length !== 132) return null;
  const bytes = hexToBytes(signature as Hex);
  const s = BigInt(`0x${Buffer.from(bytes.subarray(32, 64)).toString('hex')}`);
  if (s === 0n || s > HALF_N) return null;
  const v = bytes[64] ?? 0;
  if (![0, 1, 27, 28].includes(v)) return null;
  try {
    const key = keyRecovery.recoverPublicKey(
      bytes.subarray(0, 64),
      v < 27 ? v : v - 27,
      hexToBytes(hashMessage(message)),
    );
    return publicKeyToAddress(toHex(key));
  } catch {
    return null;
  }
}

/** Ed25519 over the UTF-8 message, strict RFC 8032 verification; signature and key in base58. */
export function verifySolanaSignature(message: string, signature: string, address: string): boolean {
  try {
    const sig = base58.decode(signature);
    const key = base58.decode(address);
    if (sig.length !== 64 || key.length !== 32) return false;
    return ed25519.verify(sig, new TextEncoder().encode(message), key, { zip215: false });
  } catch {
    return false;
  }
}

/** Whether `address` (canonical) signed `message` on the chain of `currency`. */
export async function isSignedBy(
  currency: TChainCurrency,
  address: string,
  message: string,
  signature: string,
): Promise<boolean> {
  if (currency === 'bnb') return (await recoverEvmSigner(message, signature)) === address;
  return verifySolanaSignature(message, signature, address);
}
