import { CHAINS, type TChainName } from '@aidf/contract';

/**
 * Links that open a page inside a wallet app's own browser (a phone with no wallet in the page), the wallets'
 * browser extensions (a desktop with none) and their app-store pages. No relay and no third-party account: the
 * wallet's browser injects its provider and the usual sign-in follows. Each format is the wallet's own, taken
 * from the documentation cited beside it.
 */
export interface WalletAppLink {
  id: string;
  name: string;
  href: string;
}

const enc = encodeURIComponent;

/** The page to open, with the invite code carried (the wallet's browser starts with no storage of ours). */
export function pageToOpen(href: string, inviteCode: string | null): string {
  const url = new URL(href);
  if (inviteCode && !url.searchParams.has('invite')) url.searchParams.set('invite', inviteCode);
  return url.toString();
}

/** Trust Wallet's coin ids (its own registry, SLIP-44 based): BNB Smart Chain is 20000714, Solana 501. */
const TRUST_COIN_ID: Record<TChainName, number> = { 'BNB Smart Chain': 20000714, Solana: 501 };

/** "Open in your wallet app" links for `page`, the chain's own wallets first. */
export function openInWalletLinks(page: string, chain: TChainName): WalletAppLink[] {
  const url = new URL(page);
  const origin = url.origin;
  // MetaMask takes the address without its scheme, unencoded (an encoded one opens a blank tab).
  const hostAndPath = `${url.host}${url.pathname}${url.search}${url.hash}`;
  const evm: WalletAppLink[] = [
    // https://docs.metamask.io/metamask-connect/evm/guides/metamask-exclusive/use-deeplinks/
    // ("Open a dapp inside the MetaMask in-app browser": https://link.metamask.io/dapp/{dappUrl}; the older
    // metamask.app.link domain redirects there).
    { id: 'metamask', name: 'MetaMask', href: `https://link.metamask.io/dapp/${hostAndPath}` },
    // https://developer.trustwallet.com/developer/develop-for-trust/deeplinking ("DApp Browser":
    // https://link.trustwallet.com/open_url?coin_id=60&url=https://compound.finance)
    {
      id: 'trust',
      name: 'Trust Wallet',
      href: `https://link.trustwallet.com/open_url?coin_id=${TRUST_COIN_ID[chain]}&url=${enc(page)}`,
    },
    // https://web3.okx.com/build/docs/waas/app-universal-link (okx://wallet/dapp/url?dappUrl=<encoded>, wrapped in
    // https://web3.okx.com/download?deeplink=<encoded deep link> so that a phone without the app gets its download)
    {
      id: 'okx',
      name: 'OKX Wallet',
      href: `https://web3.okx.com/download?deeplink=${enc(`okx://wallet/dapp/url?dappUrl=${enc(page)}`)}`,
    },
    // https://docs.cdp.coinbase.com/coinbase-wallet/developer-guidance/mobile-dapp-integration ("Dapp browser":
    // https://go.cb-w.com/dapp?cb_url=[YOUR_URL], percent-encoded)
    { id: 'coinbase', name: 'Coinbase Wallet', href: `https://go.cb-w.com/dapp?cb_url=${enc(page)}` },
  ];
  const solana: WalletAppLink[] = [
    // https://docs.phantom.com/phantom-deeplinks/other-methods/browse (https://phantom.app/ul/browse/<url>?ref=<ref>,
    // both URL-encoded)
    { id: 'phantom', name: 'Phantom', href: `https://phantom.app/ul/browse/${enc(page)}?ref=${enc(origin)}` },
    // https://docs.solflare.com/solflare/technical/deeplinks/other-methods/browse
    // (https://solflare.com/ul/v1/browse/<url>?ref=<ref>, both URL-encoded)
    { id: 'solflare', name: 'Solflare', href: `https://solflare.com/ul/v1/browse/${enc(page)}?ref=${enc(origin)}` },
  ];
  return chain === CHAINS.solana.name ? [...solana, ...evm] : [...evm, ...solana];
}

/** The wallets' browser extensions (their download pages), for a desktop with none. */
export function extensionLinks(chain: TChainName): WalletAppLink[] {
  const evm = [
    { id: 'metamask', name: 'MetaMask', href: 'https://metamask.io/download/' },
    { id: 'trust', name: 'Trust Wallet', href: 'https://trustwallet.com/browser-extension' },
    { id: 'okx', name: 'OKX Wallet', href: 'https://web3.okx.com/download' },
  ];
  const solana = [
    { id: 'phantom', name: 'Phantom', href: 'https://phantom.com/download' },
    { id: 'solflare', name: 'Solflare', href: 'https://solflare.com/download' },
  ];
  return chain === CHAINS.solana.name ? [...solana, ...evm] : [...evm, ...solana];
}

/** A wallet app in the stores: Trust Wallet for BNB Smart Chain, Phantom for Solana. */
export function appStoreLinks(chain: TChainName): { appStore: string; googlePlay: string } {
  return chain === CHAINS.solana.name
    ? {
        appStore: 'https://apps.apple.com/app/phantom-crypto-wallet/id1598432977',
        googlePlay: 'https://play.google.com/store/apps/details?id=app.phantom',
      }
    : {
        appStore: 'https://apps.apple.com/app/trust-crypto-bitcoin-wallet/id1288339409',
        googlePlay: 'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
      };
}
