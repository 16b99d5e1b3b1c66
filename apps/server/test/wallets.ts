import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export interface TestWallet {
  currency: 'bnb' | 'sol';
  address: string;
  sign(message: string): Promise<string>;
}

/** A BNB Smart Chain wallet with a fresh secp256k1 key; signatures are personal_sign (EIP-191). */
export function evmWallet(): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { currency: 'bnb', address: account.address, sign: (message) => account.signMessage({ message }) };
}

/** A Solana wallet with a fresh ed25519 key; signatures are base58 over the UTF-8 message. */
export function solanaWallet(): TestWallet {
  const secret = ed25519.utils.randomSecretKey();
  return {
    currency: 'sol',
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}

/** The signature fields of one of SPEC.md's actions: '{prefix}{ms}' signed now (or at `timestamp`). */
export async function signed(wallet: TestWallet, prefix: string, timestamp = Date.now()) {
  const signContent = `${prefix}${timestamp}`;
  return { sign: await wallet.sign(signContent), signContent, timestamp };
}

/**
 * The signature fields of a transfer, withdrawal or password reset: its readable text, from the contract's
 * builder (buildTransferSignText…) for `timestamp`, signed as the web app signs it.
 */
export async function signedText(wallet: TestWallet, textAt: (timestampMs: number) => string, timestamp = Date.now()) {
  const signContent = textAt(timestamp);
  return { sign: await wallet.sign(signContent), signContent, timestamp };
}
