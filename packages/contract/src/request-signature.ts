import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The dev default of REQUEST_SIGN_SECRET; it ships in the client, so it stops tampering only. */
export const DEV_REQUEST_SIGN_SECRET = 'aidf-dev-request-sign-secret';

/**
 * The `signature` header: lowercase hex md5(path with query + raw body ('' when none) + timestamp + secret),
 * as ARCHITECTURE.md "API conventions" defines it.
 */
export function requestSignature(input: {
  pathWithQuery: string;
  body: string;
  timestamp: string;
  secret: string;
}): string {
  const text = `${input.pathWithQuery}${input.body}${input.timestamp}${input.secret}`;
  return bytesToHex(md5(utf8ToBytes(text)));
}
