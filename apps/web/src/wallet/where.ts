import { CHAINS, type TChainName } from '@aidf/contract';

/**
 * Small, synchronous facts about where the page runs, kept apart from the wallet code so that the sign-in dialog
 * can decide at once (no wallet module fetched): a phone or not, inside a wallet's own browser or not, and the
 * wallet used last on each chain.
 */

/** A phone or tablet, by its user agent: desktops get a QR code and extension links, phones get app links. */
export function isPhone(userAgent = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}

interface Flagged {
  isPhantom?: boolean;
  isSolflare?: boolean;
}

/**
 * The chain of the wallet whose own in-app browser shows the page, or null. A phone has no browser extensions:
 * a provider in a phone's page was put there by the wallet app whose browser this is. A Solana-first wallet
 * (Phantom, Solflare) that also injects an EVM provider is taken at its Solana word.
 */
export function inAppWalletChain(): TChainName | null {
  if (!isPhone()) return null;
  const w = window as unknown as {
    ethereum?: Flagged;
    binancew3w?: { ethereum?: Flagged };
    okxwallet?: Flagged;
    phantom?: { solana?: unknown };
    solflare?: unknown;
    backpack?: unknown;
    solana?: unknown;
  };
  const evm = w.ethereum ?? w.binancew3w?.ethereum ?? w.okxwallet;
  const solana = w.phantom?.solana ?? w.solflare ?? w.backpack ?? w.solana;
  if (solana && (!evm || evm.isPhantom || evm.isSolflare)) return CHAINS.solana.name;
  if (evm) return CHAINS.bsc.name;
  return null;
}

const LAST_WALLET_KEY = 'lastWallet';

function lastWallets(): Partial<Record<TChainName, string>> {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_WALLET_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Partial<Record<TChainName, string>>) : {};
  } catch {
    return {};
  }
}

/** The id of the wallet last used on `chain` (offered first, and used by every later wallet action), or null. */
export function lastWallet(chain: TChainName): string | null {
  return lastWallets()[chain] ?? null;
}

export function rememberWallet(chain: TChainName, id: string) {
  try {
    localStorage.setItem(LAST_WALLET_KEY, JSON.stringify({ ...lastWallets(), [chain]: id }));
  } catch {
    // Storage refused (private mode): the choice holds for this page's life through the connector cache.
  }
}
