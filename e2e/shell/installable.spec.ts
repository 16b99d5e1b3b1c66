import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SAVE_SCREENSHOTS } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { toastLog } from '../support/toasts.ts';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** A PNG's width and height, from its IHDR chunk (bytes 16 to 24). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the service worker is active and answers this page's requests. */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

/** Every URL path in the page's Cache Storage, by cache. */
function cachedPaths(page: Page) {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      all[name] = keys.map((request) => new URL(request.url).pathname);
    }
    return all;
  });
}

test.describe('[shell] an app people can install', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the manifest names the app with its colours and standalone display, and each icon is the size it says', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'AIDF',
      short_name: 'AIDF',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    // The colours of the app's frame (index.html's theme-color, the page's background).
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');
    expect(manifest.theme_color).toBe(themeColor);
    expect(manifest.background_color).toBe(themeColor);

    // What phones ask for: 192 and 512 for any use, 512 maskable.
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(
      ['192x192 any', '512x512 any', '512x512 maskable'].sort(),
    );
    const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const icon of [...icons, { src: appleHref ?? '', sizes: '180x180', type: 'image/png' }]) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe(icon.type);
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'AIDF');

    // The worker's script is JavaScript, always revalidated (a new build is seen at the next visit).
    const worker = await request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  for (const { code, offlineTitle, rtl } of [
    { code: 'en', offlineTitle: 'You are offline', rtl: false },
    { code: 'zhCN', offlineTitle: '您已离线', rtl: false },
    { code: 'ar', offlineTitle: 'أنت غير متصل بالإنترنت', rtl: true },
  ]) {
    test(`${code}: the worker starts the app offline and shows the offline screen, and never answers an API request`, async ({
      page,
      context,
    }) => {
      await page.addInitScript((language) => window.localStorage.setItem('localLan', language), code);
      await page.goto('/machine');
      await controlledByWorker(page);

      // Online and controlled: the page's own files come from the worker's cache, the API's answers from the server.
      const apiAnswers: { url: string; fromWorker: boolean }[] = [];
      const shellAnswers: { url: string; fromWorker: boolean }[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        const into = pathname.startsWith('/v1/') ? apiAnswers : pathname.startsWith('/assets/') ? shellAnswers : null;
        into?.push({ url: pathname, fromWorker: response.fromServiceWorker() });
      });
      const announcements = page.waitForResponse((r) => r.url().includes('/v1/cms/content/p/'));
      await page.goto('/');
      expect((await (await announcements).json()).code).toBe(200);
      await expect(page.getByTestId('announcement-list').getByRole('link').first()).toBeVisible();
      expect(apiAnswers.length).toBeGreaterThan(0);
      expect(apiAnswers.filter((a) => a.fromWorker)).toEqual([]);
      expect(shellAnswers.length).toBeGreaterThan(0);
      expect(shellAnswers.filter((a) => !a.fromWorker)).toEqual([]);

      // The cache holds the shell alone: the page, hashed assets, the manifest and icons; no API answer.
      const cached = await cachedPaths(page);
      const names = Object.keys(cached);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^aidf-shell-/);
      const paths = Object.values(cached).flat();
      expect(paths).toContain('/');
      expect(paths).toContain('/manifest.webmanifest');
      expect(paths.filter((p) => !/^\/($|assets\/|icons\/|manifest\.webmanifest$|favicon\.svg$)/.test(p))).toEqual([]);

      // Offline: an API request fails (nothing answers it from a cache), and the app still starts.
      await context.setOffline(true);
      const offlineCall = await page.evaluate(() =>
        fetch('/v1/cms/content/p/1').then(
          (r) => `answered ${r.status}`,
          () => 'failed',
        ),
      );
      expect(offlineCall).toBe('failed');
      await page.reload();
      const offline = page.getByTestId('offline-screen');
      await expect(offline).toBeVisible();
      await expect(offline.getByRole('heading', { name: offlineTitle })).toBeVisible();
      await expect(page.locator('.brand-mark').first()).toBeVisible();
      await expect(page.getByTestId('tab-bar')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await page.evaluate(() => document.fonts.ready);
      if (SAVE_SCREENSHOTS) {
        fs.mkdirSync(path.join(SCREENSHOTS, code), { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOTS, code, 'offline.png'), animations: 'disabled' });
      }

      // Back online, the screen comes back with the server's data.
      await context.setOffline(false);
      await expect(offline).toBeHidden();
      await expect(page.getByTestId('announcement-list').getByRole('link').first()).toBeVisible();
    });
  }

  test('a visitor opening a deep link with the network off sees the offline screen alone, no "please sign in" toast', async ({
    page,
    context,
  }) => {
    await page.goto('/machine');
    await controlledByWorker(page);
    await context.setOffline(true);
    // A protected screen, opened by its address while offline: the worker starts the app from its cache.
    await page.goto('/personalAssets');
    await expect(page.getByTestId('offline-screen')).toBeVisible();
    await expect(page.getByTestId('chain-picker')).toHaveCount(0);
    if (SAVE_SCREENSHOTS) {
      fs.mkdirSync(path.join(SCREENSHOTS, 'en'), { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'en', 'offline-deep-link.png'), animations: 'disabled' });
    }
    // The visitor cannot sign in before the API is back: no sheet, and no toast since the page loaded telling them to
    // (the log, not the screen: a toast lasts 2.6 s).
    expect((await toastLog(page))?.texts).toEqual([]);
    // Back online, the deep link asks the visitor to sign in: the sheet, and now the toast.
    await context.setOffline(false);
    await expect(page.getByTestId('offline-screen')).toBeHidden();
    await expect(page.getByTestId('chain-picker')).toBeVisible();
    await expect.poll(async () => (await toastLog(page))?.texts).toEqual(['Please login first']);
  });
});
