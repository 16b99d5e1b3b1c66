import { type BrowserContext, expect, type Page } from '@playwright/test';

interface ToastLog {
  /** Every toast shown since the page loaded, in order, once each (a toast is one element: React keys it by id). */
  texts: string[];
  /** The most toasts ever on screen at once. */
  most: number;
  /** How many of `texts` an `expectToast` already matched: the next looks only at later toasts. */
  matched: number;
}

/**
 * Records every toast from the page's start. A toast shows for 2.6 s; an assertion that looks at the screen can miss
 * it on a loaded machine (a waiting Playwright expect looks every 500 ms, a stalled renderer or test process later
 * still), so the specs ask the log instead. support/test.ts adds it to every context a spec opens.
 */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const log: ToastLog = { texts: [], most: 0, matched: 0 };
    const seen = new WeakSet<Element>();
    (window as unknown as { __e2eToasts: ToastLog }).__e2eToasts = log;
    new MutationObserver(() => {
      const toasts = document.querySelectorAll('.toast');
      log.most = Math.max(log.most, toasts.length);
      for (const toast of Array.from(toasts)) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        log.texts.push(toast.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export const toastLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2eToasts?: ToastLog }).__e2eToasts ?? null);

/**
 * A toast containing `expected` showed after the last one an `expectToast` matched on this page (since its load):
 * the same message twice needs two toasts.
 */
export async function expectToast(page: Page, expected: string | RegExp, options: { timeout?: number } = {}) {
  const pattern: { text: string; source: string | null; flags: string } =
    typeof expected === 'string'
      ? { text: expected, source: null, flags: '' }
      : { text: '', source: expected.source, flags: expected.flags };
  await expect
    .poll(
      () =>
        page.evaluate((p) => {
          const log = (window as unknown as { __e2eToasts?: ToastLog }).__e2eToasts;
          if (!log)
            return { matched: false, shown: ['(no toast log on this page: its context was not made by a spec)'] };
          const later = log.texts.slice(log.matched);
          const regex = p.source === null ? null : new RegExp(p.source, p.flags);
          const index = later.findIndex((text) => (regex ? regex.test(text) : text.includes(p.text)));
          if (index >= 0) log.matched += index + 1;
          return { matched: index >= 0, shown: later };
        }, pattern),
      // On failure Playwright prints the toasts that did show.
      { message: `a toast with ${String(expected)}`, timeout: options.timeout },
    )
    .toMatchObject({ matched: true });
}

/** The toast on screen overlaps none of the controls inside `scope` (an open sheet, a form). */
export async function expectToastClearOf(page: Page, scope: string) {
  await expect(page.locator('.toast')).toHaveCount(1);
  const covered = await page.evaluate((selector) => {
    const toast = document.querySelector('.toast')?.getBoundingClientRect();
    if (!toast) return ['no toast'];
    const controls = document.querySelectorAll(
      `${selector} :is(button, input:not([type="hidden"]), select, textarea, a[href], [role="button"])`,
    );
    return Array.from(controls)
      .filter((c) => {
        const r = c.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        return r.left < toast.right && r.right > toast.left && r.top < toast.bottom && r.bottom > toast.top;
      })
      .map((c) => c.getAttribute('data-testid') ?? c.getAttribute('name') ?? c.textContent ?? c.tagName);
  }, scope);
  expect(covered).toEqual([]);
}
