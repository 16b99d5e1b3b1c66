import { expect, type Page } from '@playwright/test';

/** Records, from the page's start, every toast text and the most toasts ever on screen at once. */
export async function recordToastPile(page: Page) {
  await page.addInitScript(() => {
    const seen = { texts: [] as string[], most: 0 };
    (window as unknown as { __e2eToastPile: typeof seen }).__e2eToastPile = seen;
    new MutationObserver(() => {
      const toasts = Array.from(document.querySelectorAll('.toast'));
      seen.most = Math.max(seen.most, toasts.length);
      for (const toast of toasts) {
        const text = toast.textContent ?? '';
        if (seen.texts.at(-1) !== text) seen.texts.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export const toastPile = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2eToastPile: { texts: string[]; most: number } }).__e2eToastPile);

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
