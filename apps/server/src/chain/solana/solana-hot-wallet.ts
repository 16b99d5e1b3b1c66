import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js';

/**
 * Beside the dev chains the Solana hot wallet is derived from the dev deposit phrase on the change branch 1' of
 * account 0: deposit addresses are all on m/44'/501'/<index>'/0', so no deposit address can ever share its key.
 */
export const SOLANA_DEV_HOT_WALLET_PATH = "m/44'/501'/0'/1'";

/** The Solana hot wallet's key: its 32-byte ed25519 seed (the private key) and its address. */
export interface SolanaHotWalletKey {
  seed: Uint8Array;
  address: string;
}

/**
 * The platform's hot wallet on Solana (docs/deployment.md "Keys"): from SOLANA_HOT_WALLET_KEY, the base58 text of
 * either the 64-byte secret key wallets export (seed then public key, as in a solana-keygen file) or the 32-byte
 * seed alone. A 64-byte key whose second half is not the public key of its first is refused: it was mistyped
 * or is not an ed25519 key. Beside the dev chains (`devKey`) it is derived from the dev phrase instead.
 */
export function loadSolanaHotWallet(options: {
  devKey: boolean;
  key: string | undefined;
  devMnemonic: string | null;
}): SolanaHotWalletKey {
  if (options.key) return solanaKeyOf(options.key);
  if (!options.devKey || options.devMnemonic === null)
    throw new Error('SOLANA_HOT_WALLET_KEY is required: a dev-derived key runs only beside the dev chains');
  const node = Slip10Key.fromMasterSeed(mnemonicToSeedSync(options.devMnemonic)).derive(SOLANA_DEV_HOT_WALLET_PATH);
  return { seed: node.privateKey, address: base58.encode(node.publicKeyRaw) };
}

/** Parses SOLANA_HOT_WALLET_KEY (see loadSolanaHotWallet); the message never repeats the key. */
export function solanaKeyOf(text: string): SolanaHotWalletKey {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text.trim());
  } catch {
    throw new Error('SOLANA_HOT_WALLET_KEY is not base58 text');
  }
  if (bytes.length !== 32 && bytes.length !== 64)
    throw new Error(
      `SOLANA_HOT_WALLET_KEY must be a 64-byte secret key or a 32-byte seed (it is ${bytes.length} bytes)`,
    );
  const seed = bytes.slice(0, 32);
  const publicKey = ed25519.getPublicKey(seed);
  if (bytes.length === 64 && base58.encode(bytes.slice(32)) !== base58.encode(publicKey))
    throw new Error("SOLANA_HOT_WALLET_KEY's public half is not the key of its seed");
  return { seed, address: base58.encode(publicKey) };
}
