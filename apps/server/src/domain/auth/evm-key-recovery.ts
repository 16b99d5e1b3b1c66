import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { concatBytes } from 'viem';

/**
 * Recovers the uncompressed public key (65 bytes) of a 64-byte compact signature (r ‖ s) with its recovery id
 * over a 32-byte digest; throws when there is none (r or s out of range, no point).
 */
export type RecoverPublicKey = (compact: Uint8Array, recoveryId: number, digest: Uint8Array) => Uint8Array;

export interface KeyRecovery {
  /** Which implementation answers: libsecp256k1 through its N-API binding, or @noble/curves in JavaScript. */
  kind: 'native' | 'javascript';
  recoverPublicKey: RecoverPublicKey;
}

/** @noble/curves in JavaScript: one double multiplication (Shamir's trick), about 2 to 4 ms of CPU each. */
export const javascriptRecovery: KeyRecovery = {
  kind: 'javascript',
  recoverPublicKey: (compact, recoveryId, digest) =>
    secp256k1.Signature.fromBytes(concatBytes([Uint8Array.of(recoveryId), compact]), 'recovered')
      .recoverPublicKey(digest)
      .toBytes(false),
};

interface NativeBinding {
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
}

/** The `secp256k1` package's N-API binding alone (its own index falls back to elliptic silently, which we do not want). */
function loadNativeBinding(): NativeBinding {
  return createRequire(import.meta.url)('secp256k1/bindings') as NativeBinding;
}

/**
 * libsecp256k1 when its prebuilt binary loads on this machine (a tenth of the JavaScript's CPU, and every
 * signed request pays for a recovery), else the JavaScript: same answers, so a platform without the binary
 * only runs slower.
 */
export function chooseKeyRecovery(load: () => NativeBinding = loadNativeBinding): KeyRecovery {
  let binding: NativeBinding;
  try {
    binding = load();
  } catch {
    return javascriptRecovery;
  }
  return {
    kind: 'native',
    recoverPublicKey: (compact, recoveryId, digest) => binding.ecdsaRecover(compact, recoveryId, digest, false),
  };
}

export const keyRecovery: KeyRecovery = chooseKeyRecovery();
