import fs from 'node:fs';
import path from 'node:path';
import { base58 } from '@scure/base';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js';
import { HDKey as Bip32Key, generateMnemonic, hdKeyToAccount } from 'viem/accounts';

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

/** Derives a user's deposit address per chain at index = user id: unique, stable, the same on every instance. */
export function depositAddressDeriver(mnemonic: string) {
  // The seed (2,048 PBKDF2 rounds) is made once here, not on every address asked for.
  const seed = mnemonicToSeedSync(mnemonic);
  const evmRoot = Bip32Key.fromMasterSeed(seed);
  const solanaRoot = Slip10Key.fromMasterSeed(seed);
  return (chainCurrency: 'bnb' | 'sol', userId: bigint): string => {
    if (userId < 0n || userId >= 2n ** 31n) throw new Error('user id outside the BIP-32 index range');
    const index = Number(userId);
    // BIP-44 coin types: 60 for EVM chains, 501 for Solana (hardened throughout, as ed25519 requires).
    if (chainCurrency === 'bnb') return hdKeyToAccount(evmRoot, { addressIndex: index }).address;
    return base58.encode(solanaRoot.derive(`m/44'/501'/${index}'/0'`).publicKeyRaw);
  };
}
