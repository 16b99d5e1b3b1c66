import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The dev default of REQUEST_SIGN_SECRET; it ships in the client, so it stops tampering only. */
export const DEV_REQUEST_SIGN_SECRET = 'aidf-dev-request-sign-secret';

export interface SignedRequest {
  pathWithQuery: string;
  body: string;
  timestamp: string;
  secret: string;
}

/** What the signature hashes: path with query + raw body ('' when none) + timestamp + secret. */
export function requestSignatureText(input: SignedRequest): string {
  return `${input.pathWithQuery}${input.body}${input.timestamp}${input.secret}`;
}

/**
 * The `signature` header: lowercase hex md5 of requestSignatureText, as ARCHITECTURE.md "API conventions" defines
 * it. (The server hashes the same text with node:crypto, which is native.)
 */
export function requestSignature(input: SignedRequest): string {
  return bytesToHex(md5(utf8ToBytes(requestSignatureText(input))));
}
