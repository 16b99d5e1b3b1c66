import { expect, type Page, test } from '@playwright/test';
import { addOperator, CONSOLE_LANGUAGES, consoleSignIn, consoleTexts, openSection } from '../console/operators.ts';
import { SCREENS, signIn } from '../support/app.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/**
 * Every Content-Security-Policy violation of a page: the browser's `securitypolicyviolation` events (recorded
 * from before the page's first script) and its console reports, so a blocked script, style, image or request
 * fails the test.
 */
async function watchViolations(page: Page) {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [
    ...consoleReports,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
  ];
}

/** The policy is in force: an inline script the page did not ship is blocked and reported. */
async function expectInlineScriptBlocked(page: Page) {
  const ran = await page.evaluate(async () => {
    const reported = new Promise<void>((resolve) =>
      document.addEventListener('securitypolicyviolation', () => resolve(), { once: true }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
    await reported;
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
}

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

  test('the feedback form previews a chosen image (a blob: URL) with no violation', async ({ page }) => {
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

  test('the console signs an operator in and opens the audit with no violation', async ({ page, baseURL }) => {
    const violations = await watchViolations(page);
    const language = CONSOLE_LANGUAGES[0];
    const operator = await addOperator(baseURL ?? '', `csp-admin-${Date.now()}`, 'admin');
    await consoleSignIn(page, language, operator);
    await openSection(page, language, 'audit');
    await expect(page.getByRole('button', { name: consoleTexts(language)('audit.export') })).toBeVisible();
    const response = await page.request.get('/ops/');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(await violations()).toEqual([]);
    await expectInlineScriptBlocked(page);
  });
});
