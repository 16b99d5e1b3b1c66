import { DEV_REQUEST_SIGN_SECRET } from '@aidf/contract';

/**
 * The server's REQUEST_SIGN_SECRET, which it writes into index.html when it serves it: set
 * once, on the server. The build-time value is for pages served by Vite's dev server, which has no such tag.
 */
function servedSignSecret(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="aidf-sign"]')?.getAttribute('content') || null;
}

/** Build-time settings of the web app; the only place that reads import.meta.env. */
export const webEnv = {
  /** Prefix of API calls; empty means the server that served the page. */
  apiBase: import.meta.env.VITE_API_BASE ?? '',
  /** Shared with the server's REQUEST_SIGN_SECRET: it stops tampering in transit, not attackers. */
  requestSignSecret: servedSignSecret() ?? import.meta.env.VITE_REQUEST_SIGN_SECRET ?? DEV_REQUEST_SIGN_SECRET,
  /** Where the tab bar's swap item leads, in a new tab. */
  swapUrl: import.meta.env.VITE_SWAP_URL ?? 'https://pancakeswap.finance/swap',
  /** The `terminal` header: which client is calling. */
  terminal: 'h5',
};
