import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { AuthenticatorSeal } from '../../db/repositories/authenticators.ts';

export type { AuthenticatorSeal };

/**
 * Users' authenticator secrets sealed at rest: AES-256-GCM under AUTHENTICATOR_SEAL_KEY, a random 12-byte nonce per
 * secret and the user's id as associated data, so a database dump holds no second factor and a sealed secret copied
 * to another account opens for no one. Stored as 'v1.<key id>.<nonce>.<ciphertext and tag>' (base64url); the key id
 * (from the key itself, no setting) says which key sealed it, so AUTHENTICATOR_SEAL_KEY_PREVIOUS still opens what the
 * key before a rotation sealed. A stored value without the prefix is a plain secret of before sealing (base32 has no
 * dot): it opens as it is and is sealed at the next read or at the API's start.
 */

/** The development key: public (it is in the repository), so a production-like start refuses it (config-mode.ts). */
export const DEV_AUTHENTICATOR_SEAL_KEY = Buffer.from('aidf-dev-authenticator-seal-key!').toString('base64');

const VERSION = 'v1';

/** A key setting's 32 bytes: base64 (standard or url-safe) of exactly 32 bytes; null for anything else. */
export function sealKeyBytes(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** Eight hex digits naming a key without revealing it. */
export const sealKeyId = (key: Buffer) =>
  createHash('sha256').update('aidf-authenticator-seal-key-id:').update(key).digest('hex').slice(0, 8);

const associatedData = (keyId: string, userId: bigint) =>
  Buffer.from(`aidf-authenticator:${VERSION}:${keyId}:${userId}`);

export function authenticatorSeal(current: Buffer, previous?: Buffer | null): AuthenticatorSeal {
  const keys = new Map<string, Buffer>([[sealKeyId(current), current]]);
  if (previous) keys.set(sealKeyId(previous), previous);
  const keyId = sealKeyId(current);
  return {
    keyId,
    seal(userId, secret) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(associatedData(keyId, userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, keyId, nonce.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(userId, stored) {
      if (!stored.includes('.')) return { secret: stored, current: false };
      const [version, id, nonceText, bodyText] = stored.split('.');
      if (version !== VERSION || !id || !nonceText || !bodyText) return null;
      const key = keys.get(id);
      if (!key) {
        throw new Error(
          `An authenticator secret is sealed under key ${id}, which neither AUTHENTICATOR_SEAL_KEY nor AUTHENTICATOR_SEAL_KEY_PREVIOUS is`,
        );
      }
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < 17) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonceText, 'base64url'));
        decipher.setAAD(associatedData(id, userId));
        decipher.setAuthTag(body.subarray(body.length - 16));
        const secret = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
        return { secret: secret.toString('utf8'), current: id === keyId };
      } catch {
        return null;
      }
    },
  };
}

/**
 * The API's seal from its settings (config.ts has checked both are 32 bytes of base64); null in a process without
 * the API role, which has no key.
 */
export function sealFromConfig(config: {
  authenticatorSealKey: string | undefined;
  authenticatorSealKeyPrevious: string | null;
}): AuthenticatorSeal | null {
  if (config.authenticatorSealKey === undefined) return null;
  const current = sealKeyBytes(config.authenticatorSealKey);
  if (!current) throw new Error('AUTHENTICATOR_SEAL_KEY must be 32 bytes in base64');
  const previous = config.authenticatorSealKeyPrevious ? sealKeyBytes(config.authenticatorSealKeyPrevious) : null;
  return authenticatorSeal(current, previous);
}
