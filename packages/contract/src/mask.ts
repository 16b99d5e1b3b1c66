import { MASK_KEEP } from './constants.ts';

/** First 4 characters, ****, last 4 (SPEC.md point 9); short values are returned as they are. */
export function maskAddress(address: string): string {
  if (address.length <= MASK_KEEP * 2) return address;
  return `${address.slice(0, MASK_KEEP)}****${address.slice(-MASK_KEEP)}`;
}

/**
 * An e-mail as a notice names it: its first character, '***', then '@' and the domain ('j***@x.com'), so that a
 * notice read by someone else does not hand over the whole address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
