import jsQR from 'jsqr';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { screenshot } from '../support/app.ts';
import { iconOf, injectTestEvmWallet } from '../support/injected-wallets.ts';
import { findOverflow } from '../support/overflow.ts';
import { expect, type Page, test } from '../support/test.ts';
import { injectSolanaWallet } from '../support/wallets.ts';

const texts = { en, zhCN, ar } as const;
const LANGUAGES = ['en', 'zhCN', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

const masked = (a: string) => `${a.slice(0, 4)}****${a.slice(-4)}`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const INVITE = 'E2EPICKER7';

async function useLanguage(page: Page, language: Language) {
  if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
}

// Each test has its own page and wallets and signs in a user of its own: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

test.describe('[auth] wallet picker', () => {
  test.use({ userAgent: DESKTOP });

  for (const language of LANGUAGES) {
    test(`two EIP-6963 wallets: the picker shows their names and icons, the second signs in (${language})`, async ({
      page,
    }) => {
      const t = texts[language];
      await useLanguage(page, language);
      const first = await injectTestEvmWallet(page, 'first', {
        kind: 'eip6963',
        name: 'Alpha Wallet',
        rdns: 'test.alpha',
        icon: iconOf('#e4761b'),
      });
      const second = await injectTestEvmWallet(page, 'second', {
        kind: 'eip6963',
        name: 'Beta Wallet',
        rdns: 'test.beta',
        icon: iconOf('#3375bb'),
      });
      await page.goto('/');
      await page.getByTestId('connect-wallet').click();
      await page.getByTestId('pick-bsc').click();

      const picker = page.getByTestId('wallet-picker');
      await expect(picker.getByRole('heading')).toHaveText(t.walletPicker.chooseWallet);
      const choices = picker.getByTestId('wallet-choice');
      await expect(choices).toHaveText(['Alpha Wallet', 'Beta Wallet']);
      // Each icon is the one its wallet announced.
      await expect(choices.nth(0).locator('img')).toHaveAttribute('src', iconOf('#e4761b'));
      await expect(choices.nth(1).locator('img')).toHaveAttribute('src', iconOf('#3375bb'));
      expect(await findOverflow(page)).toEqual([]);
      await screenshot(page, language, 'dialog-wallet-picker');

      await choices.nth(1).click();
      await expect(page.getByTestId('header-address')).toHaveText(masked(second.address));
      expect(await second.calls()).toEqual(expect.arrayContaining(['eth_requestAccounts', 'personal_sign']));
      expect(await first.calls()).not.toContain('personal_sign');
      expect(await first.calls()).not.toContain('eth_requestAccounts');
    });
  }

  test('three EIP-6963 wallets, each announced twice: three choices, and the one used last comes first', async ({
    page,
  }) => {
    const colours = ['#f6851b', '#0500ff', '#000000'];
    const wallets = [];
    for (const [i, name] of ['One', 'Two', 'Three'].entries()) {
      wallets.push(
        await injectTestEvmWallet(page, `w${i}`, {
          kind: 'eip6963',
          name: `${name} Wallet`,
          rdns: `test.${name.toLowerCase()}`,
          icon: iconOf(colours[i] ?? '#000'),
        }),
      );
    }
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-bsc').click();
    const choices = page.getByTestId('wallet-choice');
    await expect(choices).toHaveText(['One Wallet', 'Two Wallet', 'Three Wallet']);
    await expect(choices.locator('img')).toHaveCount(3);
    await choices.nth(1).click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(wallets[1]?.address ?? ''));
    expect(await wallets[1]?.calls()).toContain('personal_sign');

    // Signed out (the session gone, the choice kept): "Two" is offered first, marked as used last.
    await page.evaluate(() => {
      const last = localStorage.getItem('lastWallet');
      localStorage.clear();
      sessionStorage.clear();
      if (last) localStorage.setItem('lastWallet', last);
    });
    await page.reload();
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-bsc').click();
    await expect(choices).toHaveText([`Two Wallet${en.walletPicker.lastUsed}`, 'One Wallet', 'Three Wallet']);
    await choices.nth(2).click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(wallets[2]?.address ?? ''));
  });

  test("only Binance Web3 Wallet's window.binancew3w.ethereum: no picker, it signs in at once", async ({ page }) => {
    const binance = await injectTestEvmWallet(page, 'binance', { kind: 'binancew3w' });
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-bsc').click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(binance.address));
    await expect(page.getByTestId('wallet-picker')).toHaveCount(0);
    // On chain 0x38 first, as with every wallet.
    expect(await binance.calls()).toEqual(
      expect.arrayContaining(['eth_requestAccounts', 'wallet_switchEthereumChain', 'personal_sign']),
    );
  });

  test('only a legacy window.ethereum: no picker, it signs in at once', async ({ page }) => {
    const legacy = await injectTestEvmWallet(page, 'legacy', { kind: 'ethereum', flags: { isMetaMask: true } });
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-bsc').click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(legacy.address));
    await expect(page.getByTestId('wallet-picker')).toHaveCount(0);
    expect(await legacy.calls()).toContain('personal_sign');
  });

  test('a legacy Phantom provider (window.phantom.solana) signs in on Solana', async ({ page }) => {
    const phantom = await injectSolanaWallet(page);
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-solana').click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(phantom.address));
    await expect(page.getByTestId('wallet-picker')).toHaveCount(0);
  });

  for (const language of LANGUAGES) {
    test(`a desktop with no wallet: a QR code of this page and the extension links (${language})`, async ({
      page,
      baseURL,
    }) => {
      const t = texts[language];
      await useLanguage(page, language);
      await page.goto(`/?invite=${INVITE}`);
      await page.getByTestId('connect-wallet').click();
      await page.getByTestId('pick-bsc').click();
      const dialog = page.getByTestId('no-wallet');
      await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(t.walletPicker.openOnPhone);
      const qr = dialog.getByTestId('page-qr');
      await expect(qr).toBeVisible();
      await expect(dialog.getByTestId('extension-metamask')).toHaveAttribute('href', 'https://metamask.io/download/');
      await expect(dialog.getByTestId('no-wallet-email')).toHaveText(t.auth.emailLogin);
      expect(await findOverflow(page)).toEqual([]);
      await screenshot(page, language, 'dialog-no-wallet-desktop');

      // The code, read back from the pixels the page shows, is this page's address with its invite code.
      const image = await qr.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        const size = 264;
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.fillStyle = '#fff';
        context.fillRect(0, 0, size, size);
        context.drawImage(img, 0, 0, size, size);
        // As base64: a few hundred kilobytes of pixels cross to Node far faster than as a JSON array.
        const bytes = context.getImageData(0, 0, size, size).data;
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return { size, pixels: btoa(binary) };
      });
      const decoded = jsQR(new Uint8ClampedArray(Buffer.from(image.pixels, 'base64')), image.size, image.size);
      expect(decoded?.data).toBe(`${baseURL}/?invite=${INVITE}`);
    });
  }

  test('the e-mail sign-in is one tap away when there is no wallet', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('pick-solana').click();
    await expect(page.getByTestId('extension-phantom')).toHaveAttribute('href', 'https://phantom.com/download');
    await expect(page.getByTestId('store-apple')).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    await page.getByTestId('no-wallet-email').click();
    await expect(page.getByRole('dialog')).toContainText(en.auth.email);
  });
});

test.describe('[auth] wallet picker on a phone', () => {
  test.use({ userAgent: IPHONE });

  for (const language of LANGUAGES) {
    test(`a phone with no wallet: "Open in your wallet app" links carry this page and its invite (${language})`, async ({
      page,
      baseURL,
    }) => {
      const t = texts[language];
      await useLanguage(page, language);
      await page.goto(`/?invite=${INVITE}`);
      await page.getByTestId('connect-wallet').click();
      await page.getByTestId('pick-bsc').click();
      const dialog = page.getByTestId('no-wallet');
      await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(t.walletPicker.openInApp);
      await expect(dialog.getByTestId('page-qr')).toHaveCount(0);

      const pageUrl = `${baseURL}/?invite=${INVITE}`;
      const encoded = encodeURIComponent(pageUrl);
      const origin = encodeURIComponent(new URL(pageUrl).origin);
      const hostAndPath = pageUrl.replace(/^https?:\/\//, '');
      const expected: Record<string, string> = {
        metamask: `https://link.metamask.io/dapp/${hostAndPath}`,
        trust: `https://link.trustwallet.com/open_url?coin_id=20000714&url=${encoded}`,
        okx: `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encoded}`)}`,
        coinbase: `https://go.cb-w.com/dapp?cb_url=${encoded}`,
        phantom: `https://phantom.app/ul/browse/${encoded}?ref=${origin}`,
        solflare: `https://solflare.com/ul/v1/browse/${encoded}?ref=${origin}`,
      };
      for (const [id, href] of Object.entries(expected)) {
        await expect(dialog.getByTestId(`open-in-${id}`)).toHaveAttribute('href', href);
        expect(href).toContain(INVITE);
      }
      await expect(dialog.getByTestId('what-is-wallet')).toContainText(t.walletPicker.whatIsWallet);
      await expect(dialog.getByTestId('store-google')).toHaveAttribute(
        'href',
        'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
      );
      await expect(dialog.getByTestId('no-wallet-email')).toBeVisible();
      expect(await findOverflow(page)).toEqual([]);
      await screenshot(page, language, 'dialog-no-wallet-phone');
    });
  }

  test("inside a wallet's own browser, Connect wallet signs in with it at once, on chain 0x38", async ({ page }) => {
    const trust = await injectTestEvmWallet(page, 'trust', { kind: 'ethereum', flags: { isTrust: true } });
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(trust.address));
    expect(await trust.calls()).toEqual(
      expect.arrayContaining(['eth_requestAccounts', 'wallet_switchEthereumChain', 'personal_sign']),
    );
  });

  test("inside Phantom's browser, Connect wallet signs in on Solana at once", async ({ page }) => {
    const phantom = await injectSolanaWallet(page);
    await page.goto('/');
    await page.getByTestId('connect-wallet').click();
    await expect(page.getByTestId('header-address')).toHaveText(masked(phantom.address));
  });
});
