import { MASK_KEEP } from './constants.ts';

/** First 4 characters, ****, last 4 (SPEC.md point 9); short values are returned as they are. */
export function maskAddress(address: string): string {
  if (address.length <= MASK_KEEP * 2) return address;
  return `${address.slice(0, MASK_KEEP)}****${address.slice(-MASK_KEEP)}`;
}
