import { CHAINS, type TChainName } from '@aidf/contract';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { type Eip1193Provider, evmConnector } from './evm.ts';
import { legacySolanaConnector, type PhantomLikeProvider } from './solana.ts';
import { isStandardSolanaWallet, standardSolanaConnector } from './solana-standard.ts';
import type { WalletConnector } from './types.ts';
import { lastWallet } from './where.ts';

/** One wallet the page can use: what the picker shows, and how to talk to it. */
export interface WalletChoice {
  /** Stable across visits (kept as the last wallet used): the EIP-6963 rdns, the standard name, or the global. */
  id: string;
  /** The wallet's own name; null for an unnamed injected provider (the picker says "Browser wallet"). */
  name: string | null;
  /** The wallet's icon as it announced it; shown only when it is a data: URI of an image. */
  icon: string | null;
  chain: TChainName;
  connector(): WalletConnector;
}

/** Only an inline image is shown: a wallet's icon must not make the page fetch anything or run a script. */
export const isImageDataUri = (icon: string | null | undefined): icon is string =>
  !!icon && /^data:image\/(png|jpeg|jpg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i.test(icon);

// ---- BNB Smart Chain: EIP-6963 announcements, then the providers in-app browsers inject without it ----

interface Eip6963Detail {
  info?: { uuid?: string; name?: string; icon?: string; rdns?: string };
  provider?: Eip1193Provider;
}

type FlaggedProvider = Eip1193Provider & Record<string, unknown> & { providers?: FlaggedProvider[] };

declare global {
  interface Window {
    binancew3w?: { ethereum?: FlaggedProvider };
    okxwallet?: FlaggedProvider;
  }
}

// Announcements are kept from the first discovery on: a wallet that announces late (an extension waking up)
// is still offered the next time the picker opens.
const announced = new Map<string, Required<Eip6963Detail>>();
let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (event as CustomEvent<Eip6963Detail>).detail;
    if (!detail?.provider || !detail.info) return;
    // The same wallet announcing twice (on each request) is one wallet: keyed by its rdns, else its uuid.
    const key = detail.info.rdns || detail.info.uuid || detail.info.name || String(announced.size);
    announced.set(key, { info: detail.info, provider: detail.provider });
  });
}

/** Wallets answer eip6963:requestProvider at once; 150 ms leaves a slow extension time the first time only. */
const ANNOUNCE_WAIT_MS = 150;
let waited = false;
async function eip6963Wallets() {
  listen();
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  if (!waited) {
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_WAIT_MS));
  }
  return [...announced.entries()];
}

/**
 * The flags in-app browsers and extensions set on the provider they inject, most specific first: many wallets
 * also set isMetaMask for old dapps, so MetaMask is the last guess. The rdns is the one the wallet announces under
 * EIP-6963, so that a wallet seen both ways is offered once.
 */
const INJECTED_FLAGS: { flag: string; name: string; rdns: string }[] = [
  { flag: 'isBinance', name: 'Binance Wallet', rdns: 'com.binance.wallet' },
  { flag: 'isOkxWallet', name: 'OKX Wallet', rdns: 'com.okex.wallet' },
  { flag: 'isOKExWallet', name: 'OKX Wallet', rdns: 'com.okex.wallet' },
  { flag: 'isTrust', name: 'Trust Wallet', rdns: 'com.trustwallet.app' },
  { flag: 'isTrustWallet', name: 'Trust Wallet', rdns: 'com.trustwallet.app' },
  { flag: 'isTokenPocket', name: 'TokenPocket', rdns: 'pro.tokenpocket' },
  { flag: 'isBitKeep', name: 'Bitget Wallet', rdns: 'com.bitget.web3' },
  { flag: 'isCoinbaseWallet', name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' },
  { flag: 'isSafePal', name: 'SafePal', rdns: 'com.safepal' },
  { flag: 'isRabby', name: 'Rabby', rdns: 'io.rabby' },
  { flag: 'isPhantom', name: 'Phantom', rdns: 'app.phantom' },
  { flag: 'isMetaMask', name: 'MetaMask', rdns: 'io.metamask' },
];

const byFlags = (provider: FlaggedProvider) => INJECTED_FLAGS.find(({ flag }) => provider[flag] === true);

function injectedEvmProviders(): { global: string; provider: FlaggedProvider; name: string | null; rdns?: string }[] {
  const found: { global: string; provider: FlaggedProvider; name: string | null; rdns?: string }[] = [];
  const add = (global: string, provider: FlaggedProvider | undefined, fixed?: { name: string; rdns: string }) => {
    if (!provider || typeof provider.request !== 'function') return;
    const known = fixed ?? byFlags(provider);
    found.push({ global, provider, name: known?.name ?? null, rdns: known?.rdns });
  };
  add('binancew3w', window.binancew3w?.ethereum, { name: 'Binance Wallet', rdns: 'com.binance.wallet' });
  add('okxwallet', window.okxwallet, { name: 'OKX Wallet', rdns: 'com.okex.wallet' });
  const ethereum = window.ethereum as FlaggedProvider | undefined;
  // EIP-5749: with several extensions, some put every provider in window.ethereum.providers.
  for (const [i, provider] of (ethereum?.providers ?? []).entries()) add(`ethereum.providers.${i}`, provider);
  add('ethereum', ethereum);
  return found;
}

async function evmWallets(): Promise<WalletChoice[]> {
  const choices: WalletChoice[] = [];
  const seenProviders = new Set<unknown>();
  const seenRdns = new Set<string>();
  for (const [key, { info, provider }] of await eip6963Wallets()) {
    if (seenProviders.has(provider)) continue;
    seenProviders.add(provider);
    if (info.rdns) seenRdns.add(info.rdns);
    choices.push({
      id: `eip6963:${key}`,
      name: info.name ?? null,
      icon: isImageDataUri(info.icon) ? info.icon : null,
      chain: CHAINS.bsc.name,
      connector: () => evmConnector(provider),
    });
  }
  for (const { global, provider, name, rdns } of injectedEvmProviders()) {
    // The same provider reached twice (window.ethereum is OKX's window.okxwallet in OKX's browser, and the one
    // it announced) is one wallet.
    if (seenProviders.has(provider) || (rdns && seenRdns.has(rdns))) continue;
    seenProviders.add(provider);
    if (rdns) seenRdns.add(rdns);
    choices.push({
      id: `injected:${global}`,
      name,
      icon: null,
      chain: CHAINS.bsc.name,
      connector: () => evmConnector(provider),
    });
  }
  return choices;
}

// ---- Solana: wallet-standard wallets, then the legacy globals ----

declare global {
  interface Window {
    solflare?: PhantomLikeProvider & { isSolflare?: boolean };
    backpack?: PhantomLikeProvider & { isBackpack?: boolean };
  }
}

function solanaWallets(): WalletChoice[] {
  const choices: WalletChoice[] = [];
  const names = new Set<string>();
  const standard: Wallet[] = getWallets().get().filter(isStandardSolanaWallet);
  for (const wallet of standard) {
    if (names.has(wallet.name.toLowerCase())) continue;
    names.add(wallet.name.toLowerCase());
    choices.push({
      id: `standard:${wallet.name}`,
      name: wallet.name,
      icon: isImageDataUri(wallet.icon) ? wallet.icon : null,
      chain: CHAINS.solana.name,
      connector: () => standardSolanaConnector(wallet),
    });
  }
  const seen = new Set<unknown>();
  const legacy: [string, string | null, PhantomLikeProvider | undefined][] = [
    ['phantom', 'Phantom', window.phantom?.solana],
    ['solflare', 'Solflare', window.solflare],
    ['backpack', 'Backpack', window.backpack],
    [
      'solana',
      window.solana?.isPhantom
        ? 'Phantom'
        : (window.solana as { isSolflare?: boolean } | undefined)?.isSolflare
          ? 'Solflare'
          : null,
      window.solana,
    ],
  ];
  for (const [global, name, provider] of legacy) {
    if (!provider || typeof provider.connect !== 'function' || seen.has(provider)) continue;
    seen.add(provider);
    // A wallet that registered through the wallet standard too is offered once, the standard way.
    if (name && names.has(name.toLowerCase())) continue;
    if (name) names.add(name.toLowerCase());
    choices.push({
      id: `injected:${global}`,
      name,
      icon: null,
      chain: CHAINS.solana.name,
      connector: () => legacySolanaConnector(provider),
    });
  }
  return choices;
}

/** Every wallet of `chain` in this page, each once, the one used last first. */
export async function discoverWallets(chain: TChainName): Promise<WalletChoice[]> {
  const choices = chain === CHAINS.bsc.name ? await evmWallets() : solanaWallets();
  const last = lastWallet(chain);
  const index = choices.findIndex((c) => c.id === last);
  if (index > 0) choices.unshift(...choices.splice(index, 1));
  return choices;
}

/** The wallet of `chain` every wallet action uses: the one used last, else the only or first one. */
export async function chosenWallet(chain: TChainName): Promise<WalletChoice | null> {
  return (await discoverWallets(chain))[0] ?? null;
}
