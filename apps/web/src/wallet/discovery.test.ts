// @vitest-environment jsdom
import { CHAINS } from '@aidf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Provider = Record<string, unknown>;
const provider = (flags: Record<string, boolean> = {}): Provider => ({ ...flags, request: async () => null });
const w = window as unknown as Record<string, unknown>;
const GLOBALS = ['ethereum', 'binancew3w', 'okxwallet', 'phantom', 'solflare', 'backpack', 'solana'];

/** A wallet that announces itself under EIP-6963 whenever the page asks (and once at once). */
function announce(info: { name: string; rdns: string; icon: string }, p: Provider) {
  const send = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: info.rdns, ...info }, provider: p } }),
    );
  window.addEventListener('eip6963:requestProvider', send);
  send();
  return () => window.removeEventListener('eip6963:requestProvider', send);
}

// discovery.ts keeps the announcements of the page's life: each test loads it afresh.
const load = () => import('./discovery.ts');
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('wallet discovery', () => {
  const stops: (() => void)[] = [];
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    for (const key of GLOBALS) delete w[key];
  });

  it('shows an icon only when it is an inline image', async () => {
    const { isImageDataUri } = await load();
    expect(isImageDataUri(PNG)).toBe(true);
    expect(isImageDataUri('data:image/svg+xml;base64,PHN2Zy8+')).toBe(true);
    expect(isImageDataUri('https://evil.example/icon.png')).toBe(false);
    expect(isImageDataUri('javascript:alert(1)')).toBe(false);
    expect(isImageDataUri('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isImageDataUri(null)).toBe(false);
  });

  it('offers each EVM wallet once, however many ways it reached the page', async () => {
    const metamask = provider({ isMetaMask: true });
    stops.push(announce({ name: 'MetaMask', rdns: 'io.metamask', icon: PNG }, metamask));
    // OKX's extension: announced, and also window.okxwallet (another object) and window.ethereum's flags.
    stops.push(announce({ name: 'OKX Wallet', rdns: 'com.okex.wallet', icon: 'https://x/icon.png' }, provider()));
    w.okxwallet = provider({ isOkxWallet: true });
    w.ethereum = metamask;
    w.binancew3w = { ethereum: provider() };
    const { discoverWallets } = await load();
    const wallets = await discoverWallets(CHAINS.bsc.name);
    expect(wallets.map((x) => [x.id, x.name, x.icon])).toEqual([
      ['eip6963:io.metamask', 'MetaMask', PNG],
      // An icon that is not an inline image is not shown.
      ['eip6963:com.okex.wallet', 'OKX Wallet', null],
      ['injected:binancew3w', 'Binance Wallet', null],
    ]);
  });

  it('names an injected provider by its most specific flag, MetaMask last', async () => {
    w.ethereum = provider({ isMetaMask: true, isTrust: true });
    const { discoverWallets } = await load();
    expect((await discoverWallets(CHAINS.bsc.name)).map((x) => x.name)).toEqual(['Trust Wallet']);
    delete w.ethereum;
  });

  it('an unknown injected provider is offered without a name (the picker says "Browser wallet")', async () => {
    w.ethereum = provider();
    const { discoverWallets } = await load();
    expect((await discoverWallets(CHAINS.bsc.name)).map((x) => [x.id, x.name])).toEqual([['injected:ethereum', null]]);
  });

  it('offers the wallet used last first, and uses it for every later action', async () => {
    stops.push(announce({ name: 'A', rdns: 'test.a', icon: PNG }, provider()));
    stops.push(announce({ name: 'B', rdns: 'test.b', icon: PNG }, provider()));
    const { rememberWallet } = await import('./where.ts');
    rememberWallet(CHAINS.bsc.name, 'eip6963:test.b');
    const { discoverWallets, chosenWallet } = await load();
    expect((await discoverWallets(CHAINS.bsc.name)).map((x) => x.name)).toEqual(['B', 'A']);
    expect((await chosenWallet(CHAINS.bsc.name))?.name).toBe('B');
  });

  it('finds the legacy Solana globals, window.solana being Phantom once', async () => {
    const phantom = { isPhantom: true, connect: async () => ({}), signMessage: async () => new Uint8Array() };
    w.phantom = { solana: phantom };
    w.solana = phantom;
    w.solflare = { isSolflare: true, connect: async () => true, signMessage: async () => new Uint8Array() };
    const { discoverWallets } = await load();
    expect((await discoverWallets(CHAINS.solana.name)).map((x) => [x.id, x.name])).toEqual([
      ['injected:phantom', 'Phantom'],
      ['injected:solflare', 'Solflare'],
    ]);
  });
});

describe("a wallet's own browser", () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  afterEach(() => {
    vi.restoreAllMocks();
    for (const key of GLOBALS) delete w[key];
  });

  it('is recognised on a phone from the provider it injected, with its chain', async () => {
    const { inAppWalletChain } = await import('./where.ts');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    expect(inAppWalletChain()).toBeNull();
    w.binancew3w = { ethereum: provider({ isBinance: true }) };
    expect(inAppWalletChain()).toBe(CHAINS.bsc.name);
    delete w.binancew3w;
    // Phantom's browser injects an EVM provider too: it is a Solana wallet first.
    w.ethereum = provider({ isPhantom: true });
    w.phantom = { solana: {} };
    expect(inAppWalletChain()).toBe(CHAINS.solana.name);
  });

  it('is never assumed on a desktop, where providers come from extensions', async () => {
    const { inAppWalletChain } = await import('./where.ts');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0');
    w.ethereum = provider({ isTrust: true });
    expect(inAppWalletChain()).toBeNull();
  });
});
