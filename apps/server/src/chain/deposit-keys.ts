import fs from 'node:fs';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58 } from '@scure/base';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js';
import { HDKey as Bip32Key, generateMnemonic, hdKeyToAccount, publicKeyToAddress } from 'viem/accounts';
import { type ConfigMode, devToolsAllowed } from '../config-mode.ts';
import type { DepositAddressDeriver, SolanaAddressMaker } from './types.ts';

/** BIP-44 account 0, external chain, of coin type 60 (EVM): deposit address i is child i of this node. */
export const EVM_DEPOSIT_PATH = "m/44'/60'/0'/0";

/**
 * The platform's HD seed for deposit addresses (ARCHITECTURE.md "Chains"): from DEPOSIT_HD_MNEMONIC, or in
 * development from a key file in DATA_DIR made once — never in the repository or the database.
 */
export function loadDepositMnemonic(options: {
  env: 'development' | 'production' | 'test';
  mnemonic: string | undefined;
  dataDir: string;
}): string {
  if (options.mnemonic) {
    if (!validateMnemonic(options.mnemonic, wordlist))
      throw new Error('DEPOSIT_HD_MNEMONIC is not a valid BIP-39 phrase');
    return options.mnemonic;
  }
  if (options.env === 'production') throw new Error('DEPOSIT_HD_MNEMONIC is required in production');
  if (options.dataDir === ':memory:') return generateMnemonic(wordlist);
  const file = path.join(options.dataDir, 'dev-deposit-key.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ mnemonic: generateMnemonic(wordlist) }), { mode: 0o600 });
  }
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { mnemonic: string }).mnemonic;
}

/**
 * The API's deposit keys. With DEPOSIT_XPUB (required in production) the API holds only the extended public key:
 * it derives the EVM deposit addresses and never reads the seed, so it cannot spend them; Solana's path is
 * hardened (ed25519), so without the seed it makes no Solana deposit address: those come from the pool the
 * treasury fills (domain/chain/solana-deposit-pool.ts). Without it (npm start, tests) the dev seed derives both,
 * and stands in for the hot wallet's key (`devMnemonic`).
 */
export function depositKeys(config: {
  env: 'development' | 'production' | 'test';
  mode: ConfigMode;
  depositXpub: string | undefined;
  depositMnemonic: string | undefined;
  dataDir: string;
}): { derive: DepositAddressDeriver; devMnemonic: string | null; solanaAddressMaker: SolanaAddressMaker | null } {
  if (config.depositXpub)
    return { derive: xpubDepositDeriver(config.depositXpub), devMnemonic: null, solanaAddressMaker: null };
  if (config.env === 'production') {
    throw new Error('DEPOSIT_XPUB is required in production: the API derives deposit addresses without the seed');
  }
  // The dev seed file is a dev tool (config-mode.ts). Production-like without DEPOSIT_XPUB is DEV_CHAIN=off with
  // no chain (loadConfig refuses it beside one): no deposit address at all (81034), never one of a dev seed,
  // which would be stored and watched once a real chain is configured.
  if (!devToolsAllowed(config)) return { derive: () => null, devMnemonic: null, solanaAddressMaker: null };
  const mnemonic = loadDepositMnemonic({ env: config.env, mnemonic: config.depositMnemonic, dataDir: config.dataDir });
  return {
    derive: depositAddressDeriver(mnemonic),
    devMnemonic: mnemonic,
    solanaAddressMaker: solanaDepositAddressMaker(mnemonic),
  };
}

/** The DEPOSIT_XPUB of a seed: the extended public key of EVM_DEPOSIT_PATH (`npm run deposit-keys -- xpub`). */
export function depositXpubOf(mnemonic: string): string {
  return Bip32Key.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(EVM_DEPOSIT_PATH).publicExtendedKey;
}

/** EVM deposit addresses from the extended public key alone; Solana's need the seed (null: none made). */
export function xpubDepositDeriver(xpub: string): DepositAddressDeriver {
  const node = Bip32Key.fromExtendedKey(xpub);
  if (node.privateKey) throw new Error('DEPOSIT_XPUB holds a private key: give the API the public one (xpub…)');
  if (node.depth !== 4) throw new Error(`DEPOSIT_XPUB must be the key of ${EVM_DEPOSIT_PATH} (depth 4)`);
  return (chainCurrency, userId) => {
    if (chainCurrency !== 'bnb') return null;
    const child = node.deriveChild(bip32Index(userId));
    if (!child.publicKey) throw new Error('DEPOSIT_XPUB derived no public key');
    const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
    return publicKeyToAddress(`0x${Buffer.from(uncompressed).toString('hex')}`);
  };
}

/**
 * Derives a deposit address per chain at index = user id: unique, stable, the same on every instance. (Solana
 * deposit addresses handed out today come from the pool, at the pool's index: domain/chain/solana-deposit-pool.ts.)
 */
export function depositAddressDeriver(mnemonic: string): DepositAddressDeriver {
  // The seed (2,048 PBKDF2 rounds) is made once here, not on every address asked for.
  const seed = mnemonicToSeedSync(mnemonic);
  const evmRoot = Bip32Key.fromMasterSeed(seed);
  const solanaAt = solanaAddressMakerOfSeed(seed);
  return (chainCurrency, userId) => {
    const index = bip32Index(userId);
    // BIP-44 coin type 60 for EVM chains.
    if (chainCurrency === 'bnb') return hdKeyToAccount(evmRoot, { addressIndex: index }).address;
    return solanaAt(index);
  };
}

/** The Solana deposit address at a derivation index (the treasury's pool: domain/chain/solana-deposit-pool.ts). */
export function solanaDepositAddressMaker(mnemonic: string): SolanaAddressMaker {
  return solanaAddressMakerOfSeed(mnemonicToSeedSync(mnemonic));
}

/**
 * The Solana deposit key at a derivation index, for the treasury's sweeps (chain/solana/solana-sweep-chain.ts):
 * its 32-byte ed25519 seed and its address. Only a process holding the deposit seed can make it.
 */
export function solanaDepositKeyMaker(mnemonic: string): (index: number) => { seed: Uint8Array; address: string } {
  const root = Slip10Key.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  return (index) => {
    const node = root.derive(`m/44'/501'/${index}'/0'`);
    return { seed: node.privateKey, address: base58.encode(node.publicKeyRaw) };
  };
}

function solanaAddressMakerOfSeed(seed: Uint8Array): SolanaAddressMaker {
  const solanaRoot = Slip10Key.fromMasterSeed(seed);
  // BIP-44 coin type 501, hardened throughout as ed25519 requires.
  return (index) => base58.encode(solanaRoot.derive(`m/44'/501'/${index}'/0'`).publicKeyRaw);
}

function bip32Index(userId: bigint): number {
  if (userId < 0n || userId >= 2n ** 31n) throw new Error('user id outside the BIP-32 index range');
  return Number(userId);
}

/**
 * The treasury's maker of Solana deposit addresses: from DEPOSIT_HD_MNEMONIC (which only a treasury process is
 * given: process-roles.ts), or beside the dev chains from the dev seed; null where neither is.
 */
export function solanaAddressMakerOf(config: {
  env: 'development' | 'production' | 'test';
  mode: ConfigMode;
  depositMnemonic: string | undefined;
  dataDir: string;
}): SolanaAddressMaker | null {
  if (!config.depositMnemonic && !devToolsAllowed(config)) return null;
  return solanaDepositAddressMaker(
    loadDepositMnemonic({ env: config.env, mnemonic: config.depositMnemonic, dataDir: config.dataDir }),
  );
}
