import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { depositAddressDeriver, solanaDepositKeyMaker } from '../deposit-keys.ts';
import { loadSolanaHotWallet, solanaKeyOf } from './solana-hot-wallet.ts';

const MNEMONIC = 'test test test test test test test test test test test junk';

describe('the Solana hot wallet key', () => {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
  const publicKey = ed25519.getPublicKey(seed);

  it('reads a 64-byte secret key (seed then public key) and a 32-byte seed alike', async () => {
    const fromSecret = solanaKeyOf(base58.encode(new Uint8Array([...seed, ...publicKey])));
    const fromSeed = solanaKeyOf(base58.encode(seed));
    expect(fromSecret).toEqual(fromSeed);
    // The address is the one @solana/kit signs as.
    expect(fromSeed.address).toBe((await createKeyPairSignerFromPrivateKeyBytes(seed)).address);
  });

  it('refuses a key whose halves do not match, a wrong length or non-base58 text, without echoing it', () => {
    const other = ed25519.getPublicKey(new Uint8Array(32).fill(9));
    const mismatched = base58.encode(new Uint8Array([...seed, ...other]));
    expect(() => solanaKeyOf(mismatched)).toThrow("SOLANA_HOT_WALLET_KEY's public half is not the key of its seed");
    expect(() => solanaKeyOf(base58.encode(seed.slice(0, 31)))).toThrow(
      /must be a 64-byte secret key or a 32-byte seed/,
    );
    try {
      solanaKeyOf('0OIl');
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe('SOLANA_HOT_WALLET_KEY is not base58 text');
    }
  });

  it('beside the dev chains derives it from the dev phrase, on a path no deposit address uses', () => {
    const dev = loadSolanaHotWallet({ devKey: true, key: undefined, devMnemonic: MNEMONIC });
    const derive = depositAddressDeriver(MNEMONIC);
    const keyAt = solanaDepositKeyMaker(MNEMONIC);
    for (let index = 0; index < 50; index++) {
      expect(derive('sol', BigInt(index))).not.toBe(dev.address);
      expect(keyAt(index).address).toBe(derive('sol', BigInt(index)));
    }
    expect(loadSolanaHotWallet({ devKey: true, key: undefined, devMnemonic: MNEMONIC })).toEqual(dev);
  });

  it('outside the dev tools requires the key', () => {
    expect(() => loadSolanaHotWallet({ devKey: false, key: undefined, devMnemonic: MNEMONIC })).toThrow(
      'SOLANA_HOT_WALLET_KEY is required: a dev-derived key runs only beside the dev chains',
    );
    const given = base58.encode(seed);
    expect(loadSolanaHotWallet({ devKey: false, key: given, devMnemonic: null }).address).toBe(
      base58.encode(publicKey),
    );
  });
});
