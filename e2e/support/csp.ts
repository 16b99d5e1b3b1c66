import { expect, type Page } from '@playwright/test';

/**
 * Every Content-Security-Policy violation of a page: the browser's `securitypolicyviolation` events (recorded
 * from before the page's first script) and its console reports, so a blocked script, style, image or request
 * fails the test.
 */
export async function watchViolations(page: Page) {
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
export async function expectInlineScriptBlocked(page: Page) {
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
