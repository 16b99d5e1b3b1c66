import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { bytesToHex, type Hex, recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { canonicalAddress, isSignedBy, recoverEvmSigner, verifySolanaSignature } from './wallet-signature.ts';

const N = secp256k1.Point.CURVE().n;
const hexToBytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
/** A valid secp256k1 private key (1 .. n-1) as 0x-hex. */
const evmKey = fc.bigInt({ min: 1n, max: N - 1n }).map((k) => `0x${k.toString(16).padStart(64, '0')}` as Hex);
const ed25519Seed = fc.uint8Array({ minLength: 32, maxLength: 32 });
/** What is signed: any text, the sign-in one included. */
const message = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => `Login-${ms}`),
);

// Real signatures are slow-ish (a few ms each): enough runs to cover keys and texts, not hundreds.
const RUNS = { numRuns: 40 };

describe('EVM personal_sign signatures', () => {
  // RULES.md "Sign-in and sessions": "EVM as 0x-hex of the 65-byte personal_sign signature" and the server
  // "verifies the signature (EVM personal_sign / EIP-191 for bnb ...)"; addresses "as EIP-55 hex".
  it("recovers the signer's EIP-55 address, and no other text is taken as signed", async () => {
    await fc.assert(
      fc.asyncProperty(evmKey, message, message, async (key, text, other) => {
        const account = privateKeyToAccount(key);
        const signature = await account.signMessage({ message: text });
        expect(await recoverEvmSigner(text, signature)).toBe(account.address);
        expect(await isSignedBy('bnb', account.address, text, signature)).toBe(true);
        if (other !== text) expect(await isSignedBy('bnb', account.address, other, signature)).toBe(false);
      }),
      RUNS,
    );
  });

  it('takes v as 27/28 or 0/1, and refuses the malleable high-s twin of a signature', async () => {
    await fc.assert(
      fc.asyncProperty(evmKey, message, async (key, text) => {
        const account = privateKeyToAccount(key);
        const signature = await account.signMessage({ message: text });
        const bytes = Buffer.from(signature.slice(2), 'hex');
        const v = bytes[64] as number;
        const lowV = Buffer.from(bytes);
        lowV[64] = v - 27;
        expect(await recoverEvmSigner(text, bytesToHex(lowV))).toBe(account.address);
        // (r, n - s) with the other v recovers the same key on the curve: the one signature in two forms.
        const s = BigInt(`0x${bytes.subarray(32, 64).toString('hex')}`);
        const twin = Buffer.from(bytes);
        twin.set(Buffer.from((N - s).toString(16).padStart(64, '0'), 'hex'), 32);
        twin[64] = v === 27 ? 28 : 27;
        expect(await recoverEvmSigner(text, bytesToHex(twin))).toBeNull();
      }),
      RUNS,
    );
  });

  it('names no signer, or another one, for a signature with the wrong v or an r off the curve', async () => {
    await fc.assert(
      fc.asyncProperty(evmKey, message, async (key, text) => {
        const account = privateKeyToAccount(key);
        const bytes = Buffer.from((await account.signMessage({ message: text })).slice(2), 'hex');
        const otherV = Buffer.from(bytes);
        otherV[64] = bytes[64] === 27 ? 28 : 27;
        expect(await recoverEvmSigner(text, bytesToHex(otherV))).not.toBe(account.address);
        for (const r of [0n, N, 2n ** 256n - 1n]) {
          const offCurve = Buffer.from(bytes);
          offCurve.set(Buffer.from(r.toString(16).padStart(64, '0'), 'hex'), 0);
          expect(await recoverEvmSigner(text, bytesToHex(offCurve))).toBeNull();
        }
      }),
      RUNS,
    );
  });

  it("names the signer viem's recoverMessageAddress names, for real and for random 65 bytes", async () => {
    const viemSigner = async (text: string, bytes: Uint8Array) => {
      const withV = Uint8Array.from(bytes);
      withV[64] = (withV[64] as number) < 27 ? (withV[64] as number) + 27 : (withV[64] as number);
      return recoverMessageAddress({ message: text, signature: withV }).catch(() => null);
    };
    const lowS = fc.bigInt({ min: 1n, max: N / 2n }).map((s) => Buffer.from(s.toString(16).padStart(64, '0'), 'hex'));
    const random = fc.tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), lowS, fc.constantFrom(0, 1, 27, 28));
    await fc.assert(
      fc.asyncProperty(evmKey, message, random, async (key, text, [r, s, v]) => {
        const real = hexToBytesOf(await privateKeyToAccount(key).signMessage({ message: text }));
        expect(await recoverEvmSigner(text, bytesToHex(real))).toBe(await viemSigner(text, real));
        const made = Uint8Array.from([...r, ...s, v]);
        expect(await recoverEvmSigner(text, bytesToHex(made))).toBe(await viemSigner(text, made));
      }),
      RUNS,
    );
  });

  it('refuses anything but 0x and 65 bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 80 }), message, async (bytes, text) => {
        fc.pre(bytes.length !== 65);
        expect(await recoverEvmSigner(text, bytesToHex(bytes))).toBeNull();
      }),
      RUNS,
    );
  });
});

describe('Solana ed25519 signatures', () => {
  // RULES.md "Sign-in and sessions": "Solana as base58 of the 64-byte ed25519 signature" and "ed25519 over the
  // UTF-8 text for sol, address in base58".
  it('verifies a signature over the UTF-8 text by the base58 key, and by no other key or text', () => {
    fc.assert(
      fc.property(ed25519Seed, ed25519Seed, message, message, (seed, otherSeed, text, other) => {
        const address = base58.encode(ed25519.getPublicKey(seed));
        const signature = base58.encode(ed25519.sign(new TextEncoder().encode(text), seed));
        expect(verifySolanaSignature(text, signature, address)).toBe(true);
        if (other !== text) expect(verifySolanaSignature(other, signature, address)).toBe(false);
        const otherAddress = base58.encode(ed25519.getPublicKey(otherSeed));
        if (otherAddress !== address) expect(verifySolanaSignature(text, signature, otherAddress)).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('canonical addresses', () => {
  // RULES.md "Sign-in and sessions": "addresses as EIP-55 hex and base58".
  it('answers the EIP-55 form of any EVM address and a Solana address of 32 bytes as it is', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), ed25519Seed, (evm, sol) => {
        const lower = bytesToHex(evm);
        const canonical = canonicalAddress('bnb', lower);
        expect(canonical).toMatch(/^0x[0-9a-fA-F]{40}$/);
        expect(canonical?.toLowerCase()).toBe(lower);
        expect(canonicalAddress('bnb', canonical as string)).toBe(canonical);
        const address = base58.encode(sol);
        expect(canonicalAddress('sol', address)).toBe(address);
      }),
    );
  });

  it('refuses a Solana address that is not base58 of 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        fc.pre(bytes.length !== 32);
        expect(canonicalAddress('sol', base58.encode(bytes))).toBeNull();
      }),
    );
  });
});
