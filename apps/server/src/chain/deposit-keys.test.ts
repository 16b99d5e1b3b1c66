import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { HDKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { depositAddressDeriver, depositKeys, depositXpubOf, xpubDepositDeriver } from './deposit-keys.ts';

const INDEXES = [0n, 1n, 2n, 7n, 42n, 1000n, 65_537n, 2n ** 31n - 1n];

describe('deposit keys: EVM addresses from the extended public key', () => {
  it('derives from DEPOSIT_XPUB the same EVM addresses as the seed, index by index', () => {
    for (const mnemonic of [
      'test test test test test test test test test test test junk',
      generateMnemonic(wordlist),
    ]) {
      const fromSeed = depositAddressDeriver(mnemonic);
      const xpub = depositXpubOf(mnemonic);
      expect(xpub).toMatch(/^xpub/);
      const fromXpub = xpubDepositDeriver(xpub);
      for (const index of INDEXES) expect(fromXpub('bnb', index)).toBe(fromSeed('bnb', index));
    }
    // Hardhat's well-known phrase: index 0 is its first account, a fixed point outside our own code.
    const hardhat = xpubDepositDeriver(depositXpubOf('test test test test test test test test test test test junk'));
    expect(hardhat('bnb', 0n)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('makes no Solana address from the public key (its path is hardened)', () => {
    expect(xpubDepositDeriver(depositXpubOf(generateMnemonic(wordlist)))('sol', 1n)).toBeNull();
  });

  it('never reads the seed when DEPOSIT_XPUB is set, and requires it in production', () => {
    const xpub = depositXpubOf(generateMnemonic(wordlist));
    // An invalid phrase and an unwritable folder: reading either would throw.
    const keys = depositKeys({
      env: 'production',
      mode: 'production-like',
      depositXpub: xpub,
      depositMnemonic: 'not a phrase',
      dataDir: '/nonexistent/never-written',
    });
    expect(keys.devMnemonic).toBeNull();
    expect(keys.derive('bnb', 5n)).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(() =>
      depositKeys({
        env: 'production',
        mode: 'production-like',
        depositXpub: undefined,
        depositMnemonic: generateMnemonic(wordlist),
        dataDir: ':memory:',
      }),
    ).toThrow(/DEPOSIT_XPUB is required in production/);
  });

  it('uses the dev seed file only beside the dev chains or in the tests, never production-like', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-deposit-keys-'));
    try {
      // DEV_CHAIN=off with no chain: production-like, and no DEPOSIT_XPUB.
      const keys = depositKeys({
        env: 'development',
        mode: 'production-like',
        depositXpub: undefined,
        depositMnemonic: undefined,
        dataDir,
      });
      expect(keys.devMnemonic).toBeNull();
      expect(keys.derive('bnb', 5n)).toBeNull();
      expect(fs.readdirSync(dataDir)).toEqual([]);
      const dev = depositKeys({
        env: 'development',
        mode: 'dev-chains',
        depositXpub: undefined,
        depositMnemonic: undefined,
        dataDir,
      });
      expect(dev.derive('bnb', 5n)).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(fs.readdirSync(dataDir)).toEqual(['dev-deposit-key.json']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an extended private key or a key of another level', () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(generateMnemonic(wordlist)));
    expect(() => xpubDepositDeriver(root.derive("m/44'/60'/0'/0").privateExtendedKey)).toThrow(/private key/);
    expect(() => xpubDepositDeriver(root.derive("m/44'/60'/0'").publicExtendedKey)).toThrow(/depth 4/);
  });
});
