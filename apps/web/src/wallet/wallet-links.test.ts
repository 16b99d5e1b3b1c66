import { CHAINS } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { openInWalletLinks, pageToOpen } from './wallet-links.ts';

describe('open-in-wallet links', () => {
  it('carry the invite code, kept or from the address', () => {
    expect(pageToOpen('https://aidf.example/machine', 'AB12')).toBe('https://aidf.example/machine?invite=AB12');
    expect(pageToOpen('https://aidf.example/?invite=XY', 'AB12')).toBe('https://aidf.example/?invite=XY');
    expect(pageToOpen('https://aidf.example/', null)).toBe('https://aidf.example/');
  });

  it("follow each wallet's documented format", () => {
    const page = 'https://aidf.example/?invite=AB12';
    const links = Object.fromEntries(openInWalletLinks(page, CHAINS.bsc.name).map((l) => [l.id, l.href]));
    const enc = encodeURIComponent(page);
    expect(links).toEqual({
      metamask: 'https://link.metamask.io/dapp/aidf.example/?invite=AB12',
      trust: `https://link.trustwallet.com/open_url?coin_id=20000714&url=${enc}`,
      okx: `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${enc}`)}`,
      coinbase: `https://go.cb-w.com/dapp?cb_url=${enc}`,
      phantom: `https://phantom.app/ul/browse/${enc}?ref=${encodeURIComponent('https://aidf.example')}`,
      solflare: `https://solflare.com/ul/v1/browse/${enc}?ref=${encodeURIComponent('https://aidf.example')}`,
    });
  });

  it("list the chain's own wallets first; Trust Wallet opens on the chain", () => {
    const links = openInWalletLinks('https://aidf.example/', CHAINS.solana.name);
    expect(links.map((l) => l.id).slice(0, 2)).toEqual(['phantom', 'solflare']);
    expect(links.find((l) => l.id === 'trust')?.href).toContain('coin_id=501&');
  });
});
