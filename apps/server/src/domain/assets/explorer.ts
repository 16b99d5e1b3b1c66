import type { Repositories } from '../../db/repositories/index.ts';

/** Where a transaction is shown to people: one URL pattern per chain, `{tx}` standing for the hash (settings). */
export const EXPLORER_SETTINGS = {
  bsc: 'explorer.tx.bsc',
  solana: 'explorer.tx.solana',
} as const;

export const EXPLORER_DEFAULTS: Record<keyof typeof EXPLORER_SETTINGS, string> = {
  bsc: 'https://bscscan.com/tx/{tx}',
  solana: 'https://solscan.io/tx/{tx}',
};

/** An https URL with the `{tx}` placeholder: what set-config accepts for an explorer setting. */
export const EXPLORER_PATTERN = /^https:\/\/[^\s{}]+\{tx\}[^\s{}]*$/;

const EVM_TX = /^0x[0-9a-fA-F]{64}$/;
const SOLANA_TX = /^[1-9A-HJ-NP-Za-km-z]{80,90}$/;

/** The chain a transaction id belongs to, by its shape (an EVM hash or a Solana signature), or null. */
export function chainOfTx(ref: string | null): keyof typeof EXPLORER_SETTINGS | null {
  if (!ref) return null;
  if (EVM_TX.test(ref)) return 'bsc';
  if (SOLANA_TX.test(ref)) return 'solana';
  return null;
}

/** Builds links to the explorers the operators set (or the public ones), for the transactions of a page. */
export async function explorerLinks(repos: Repositories) {
  return explorerLinksOf(await repos.settings.get(Object.values(EXPLORER_SETTINGS)));
}

/** The same from the explorer settings already read (by key; a key not set takes the public explorer). */
export function explorerLinksOf(set: Map<string, string>) {
  return (tx: string) => {
    const chain = chainOfTx(tx);
    if (!chain) return null;
    const pattern = set.get(EXPLORER_SETTINGS[chain]) || EXPLORER_DEFAULTS[chain];
    return pattern.replace('{tx}', encodeURIComponent(tx));
  };
}
