import { SCREENS, signIn } from '../support/app.ts';
import { expectInlineScriptBlocked, watchViolations } from '../support/csp.ts';
import { expect, test } from '../support/test.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

test.describe('[shell] the app and the console work under their Content-Security-Policy', () => {
  test('the app loads, its hashed early script runs, a wallet signs in and every route opens with no violation', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    // Arabic: the early inline script (hashed in the policy) sets the direction before the app starts.
    await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
    const response = await page.goto('/machine');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/');
    await signInWithWallet(page, 'bsc');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 }), screen.path).toBeVisible();
    }
    expect(await violations()).toEqual([]);
    await expectInlineScriptBlocked(page);
  });

  test('the ticket form previews a chosen image (a blob: URL) with no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page);
    await page.goto('/problemfeedback');
    const form = page.getByTestId('ticket-form');
    await form
      .getByTestId('ticket-file')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: await page.screenshot() });
    await expect(form.getByTestId('ticket-preview')).toHaveCount(1);
    expect(await violations()).toEqual([]);
  });

  test('the OpenAPI viewer at /docs lists the operations with no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/docs/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
    // Operations listed: the viewer's scripts ran and fetched the document from /docs/json.
    await expect(page.locator('.opblock').first()).toBeVisible();
    await expect(page.getByText('/v1/ins/coin/config', { exact: true }).first()).toBeVisible();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    expect(await violations()).toEqual([]);
    await expectInlineScriptBlocked(page);
  });
});
