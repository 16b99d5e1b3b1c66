import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Fastify's `trustProxy`: off, the addresses of the proxies whose X-Forwarded-For counts, or a hop count as a
 * function (Fastify 5.12 treats a bare number as "trust nothing", so the count is spelled out: hop 0 is the
 * socket's peer).
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** Names proxy-addr (Fastify's resolver) knows for whole private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or 'off' ignores X-Forwarded-For (request.ip is the socket's peer); a number 1-10 trusts
 * that many proxy hops in front of the server (only safe when the server is reachable through them alone,
 * as a direct client could then forge the header); otherwise a comma-separated list of proxy addresses or CIDR
 * ranges (or loopback, linklocal, uniquelocal). 'true' (trust any sender) is refused: any client could then
 * choose its own address and escape the per-IP limits.
 */
export const ZTrustProxy = z
  .string()
  .trim()
  .default('off')
  .transform((value, ctx): TrustProxy => {
    if (value === '' || value === 'off') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return (_address, hop) => hop < hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 10' });
      return z.NEVER;
    }
    const entries = value.split(',').map((s) => s.trim());
    const bad = entries.filter((s) => !isAddressOrCidr(s));
    if (bad.length === 0) return entries;
    ctx.addIssue({ code: 'custom', message: `off, a hop count or proxy addresses/CIDRs; not ${bad.join(', ')}` });
    return z.NEVER;
  });
