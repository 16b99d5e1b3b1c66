/**
 * Wallet sign messages are '{prefix}{ms timestamp}' (SPEC.md point 7, RULES.md "Sign-in and sessions").
 * The first four prefixes come from SPEC.md; the last three are ours.
 */
export const SIGN_PREFIXES = {
  login: 'Login-',
  bindAddress: 'bindAddress-',
  unbindAddress: 'unbindAddress-',
  pledge: 'pledge-',
  transfer: 'transfer-',
  withdraw: 'withdraw-',
  resetPassword: 'resetPassword-',
} as const;
export type TSignAction = keyof typeof SIGN_PREFIXES;

export function buildSignContent(action: TSignAction, timestampMs: number): string {
  return `${SIGN_PREFIXES[action]}${timestampMs}`;
}

/** Reads a sign message back; null when it is not exactly one of ours. */
export function parseSignContent(text: string): { action: TSignAction; timestampMs: number } | null {
  for (const [action, prefix] of Object.entries(SIGN_PREFIXES) as [TSignAction, string][]) {
    if (!text.startsWith(prefix)) continue;
    const digits = text.slice(prefix.length);
    if (!/^[1-9]\d{0,15}$/.test(digits)) return null;
    const timestampMs = Number(digits);
    return Number.isSafeInteger(timestampMs) ? { action, timestampMs } : null;
  }
  return null;
}
