import { secp256k1 } from '@noble/curves/secp256k1.js';
import fc from 'fast-check';
import { hashMessage, hexToBytes, toHex } from 'viem';
import { privateKeyToAccount, publicKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { chooseKeyRecovery, javascriptRecovery, type KeyRecovery } from './evm-key-recovery.ts';

const N = secp256k1.Point.CURVE().n;
const native = chooseKeyRecovery();
const scalar = (n: bigint) => hexToBytes(`0x${n.toString(16).padStart(64, '0')}`);
const evmKey = fc.bigInt({ min: 1n, max: N - 1n }).map((k) => toHex(scalar(k)));
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
/** r and s anywhere, the edges included: 0, n - 1, n and 2^256 - 1 have no key or no valid signature. */
const edgy = fc.oneof(bytes32, fc.constantFrom(0n, 1n, N - 1n, N, 2n ** 256n - 1n).map(scalar));

/** The address a recovery gives, or 'none' when it finds no key (the caller answers null for both). */
function addressOf(recovery: KeyRecovery, compact: Uint8Array, recoveryId: number, digest: Uint8Array) {
  try {
    return publicKeyToAddress(toHex(recovery.recoverPublicKey(compact, recoveryId, digest)));
  } catch {
    return 'none';
  }
}

describe('secp256k1 key recovery, native and JavaScript', () => {
  it('loads libsecp256k1 from the prebuilt binary npm installed', () => {
    expect(native.kind).toBe('native');
  });

  it("falls back to the JavaScript when the binary cannot load, which recovers the signer's address", async () => {
    const fallback = chooseKeyRecovery(() => {
      throw new Error('Cannot find module secp256k1/bindings');
    });
    expect(fallback).toBe(javascriptRecovery);
    const account = privateKeyToAccount(toHex(scalar(12345n)));
    const signature = hexToBytes(await account.signMessage({ message: 'hello' }));
    const v = signature[64] as number;
    expect(addressOf(fallback, signature.subarray(0, 64), v - 27, hexToBytes(hashMessage('hello')))).toBe(
      account.address,
    );
  });

  it('give the same address for real personal_sign signatures of random keys and texts', async () => {
    await fc.assert(
      fc.asyncProperty(evmKey, fc.string({ maxLength: 100 }), async (key, text) => {
        const account = privateKeyToAccount(key);
        const signature = hexToBytes(await account.signMessage({ message: text }));
        const args = [
          signature.subarray(0, 64),
          (signature[64] as number) - 27,
          hexToBytes(hashMessage(text)),
        ] as const;
        expect(addressOf(native, ...args)).toBe(account.address);
        expect(addressOf(javascriptRecovery, ...args)).toBe(account.address);
      }),
      { numRuns: 60 },
    );
  });

  it('agree on malformed signatures: any r, s, recovery id and digest give the same key or none from both', () => {
    fc.assert(
      fc.property(edgy, edgy, fc.integer({ min: 0, max: 3 }), bytes32, (r, s, recoveryId, digest) => {
        const compact = new Uint8Array([...r, ...s]);
        expect(addressOf(native, compact, recoveryId, digest)).toBe(
          addressOf(javascriptRecovery, compact, recoveryId, digest),
        );
      }),
      { numRuns: 400 },
    );
  });
});
