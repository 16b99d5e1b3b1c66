import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { SumNode } from './merkle-sum-tree.ts';

/**
 * A reserves report's root as it is published on BNB Smart Chain (docs/architecture.md "Proof of reserves"): the
 * data of a transaction the platform's hot wallet sends to itself, readable text on any explorer:
 * `aidf-reserves-root:{"report":"12","currencies":["aidf",…],"root":"<hex>","sums":["…",…]}`.
 * Anyone compares it with the root of a proof they were given, through any node of the chain.
 */
const PREFIX = 'aidf-reserves-root:';
/** The public RPC of BNB Smart Chain the app reads a publication through when no wallet is connected. */
export const PUBLIC_BSC_RPC_URL = 'https://bsc-dataseed.bnbchain.org';

export interface PublishedRoot {
  reportId: string;
  currencies: string[];
  root: SumNode;
}

/** The transaction data publishing a report's root, 0x-hex. */
export function encodeRootPublication(p: PublishedRoot): `0x${string}` {
  const body = JSON.stringify({ report: p.reportId, currencies: p.currencies, root: p.root.hash, sums: p.root.sums });
  return `0x${bytesToHex(utf8ToBytes(PREFIX + body))}`;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** What a transaction's data publishes, or null when it is no root publication. Never throws. */
export function decodeRootPublication(data: unknown): PublishedRoot | null {
  try {
    if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2}){0,8192}$/.test(data)) return null;
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(data.slice(2)));
    if (!text.startsWith(PREFIX)) return null;
    const body = JSON.parse(text.slice(PREFIX.length)) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null) return null;
    const { report, currencies, root, sums } = body;
    if (typeof report !== 'string' || typeof root !== 'string' || !isStrings(currencies) || !isStrings(sums)) {
      return null;
    }
    return { reportId: report, currencies, root: { hash: root, sums } };
  } catch {
    return null;
  }
}

/** Whether a transaction's data publishes exactly this report's root: its id, currencies, hash and sums. */
export function publishesRoot(data: unknown, expected: PublishedRoot): boolean {
  const found = decodeRootPublication(data);
  if (!found) return false;
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    found.reportId === expected.reportId &&
    found.root.hash === expected.root.hash &&
    same(found.currencies, expected.currencies) &&
    same(found.root.sums, expected.root.sums)
  );
}
