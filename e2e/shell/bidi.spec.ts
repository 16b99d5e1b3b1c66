import { screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, type Locator, test } from '../support/test.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/**
 * Mixed directions at 360 px, in Arabic and English: an amount is its number then its unit in one left-to-right
 * piece wherever it stands ("100 AIDF · 90 يومًا", not "يومًا AIDF · 90 100"), text a person typed keeps its own
 * direction in the other language's app, and an e-mail is typed from the left.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** Left and right edges of an element, and of the number and the unit inside an amount. */
async function edges(amount: Locator) {
  return amount.evaluate((el) => {
    const text = el.textContent ?? '';
    const range = document.createRange();
    const node = el.firstChild as Text;
    const unitAt = node.data.lastIndexOf(' ') + 1;
    range.setStart(node, unitAt);
    range.setEnd(node, node.data.length);
    const unit = range.getBoundingClientRect();
    range.setStart(node, 0);
    range.setEnd(node, Math.max(0, unitAt - 1));
    const number = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const { whiteSpace } = getComputedStyle(el);
    return { text, left: box.left, right: box.right, numberRight: number.right, unitLeft: unit.left, whiteSpace };
  });
}

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[bidi] amounts read number then unit, typed text keeps its direction, e-mails start left (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    // The e-mail field: left to right and aligned left in both languages.
    await page.getByTestId('header-user').click();
    await page.getByTestId('chain-picker').locator('.button-row .button').nth(0).click();
    const email = page.getByTestId('email-login').locator('input[name="email"]');
    for (const value of ['', 'name@example.com']) {
      await email.fill(value);
      const style = await email.evaluate((el) => ({ ...getComputedStyle(el) }));
      expect(style.direction, `e-mail "${value}"`).toBe('ltr');
      expect(['start', 'left'], `e-mail "${value}" aligned ${style.textAlign}`).toContain(style.textAlign);
    }
    await page.keyboard.press('Escape');

    const username = (await signInWithWallet(page, 'bsc')).trim();
    await operator(baseURL as string, ['credit', username, 'aidf', '500', '--reason', 'e2e bidi funding']);
    await page.reload();

    // "100 AIDF · 90 days": the amount first in reading order, its number before its unit.
    await page.getByTestId('open-pledge').click();
    const form = page.getByTestId('pledge-form-00');
    await form.locator('input[name="amount"]').fill('100');
    await form.getByTestId('period-90').click();
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('pledge-dialog')).toHaveCount(0);
    await page.goto('/personalAssets');
    const row = page.getByTestId('pledge-list').getByTestId('pledge');
    await expect(row).toHaveCount(1);
    const amount = await edges(row.locator('.amount').first());
    const days = await row.getByTestId('pledge-days').boundingBox();
    expect(amount.text).toBe('100 AIDF');
    expect(amount.numberRight).toBeLessThanOrEqual(amount.unitLeft);
    if (language === 'ar') expect(amount.left).toBeGreaterThanOrEqual((days?.x ?? 0) + (days?.width ?? 0));
    else expect(amount.right).toBeLessThanOrEqual(days?.x ?? 0);
    // Every amount on the screen: number, then unit, left to right, never broken over two lines (this page is loaded
    // first, so no other screen's stylesheet is there to help).
    for (const each of await page.locator('.amount').all()) {
      const e = await edges(each);
      expect(e.whiteSpace, e.text).toBe('nowrap');
      expect(e.numberRight, e.text).toBeLessThanOrEqual(e.unitLeft);
    }
    await screenshot(page, language, 'personalAssets-bidi');
    // The Miner tab and the team show worth and volume in the unit the server names (AIDF).
    await page.goto('/machine');
    await expect(page.getByTestId('worth-group').first()).toContainText('AIDF');
    await screenshot(page, language, 'machine-bidi');
    await page.goto('/ecology');
    await expect(page.getByTestId('team-volume')).toHaveText('0 AIDF');
    await screenshot(page, language, 'ecology-bidi');

    // A ticket in the other language's script keeps its own direction, as typed and as listed.
    await page.goto('/problemfeedback');
    const typed = language === 'ar' ? 'My withdrawal has not arrived yet.' : 'لم يصل سحبي بعد.';
    const own = language === 'ar' ? 'ltr' : 'rtl';
    const form2 = page.getByTestId('ticket-form');
    await form2.getByTestId('ticket-content').fill(typed);
    expect(await form2.getByTestId('ticket-content').evaluate((el) => getComputedStyle(el).direction)).toBe(own);
    await form2.getByTestId('ticket-submit').click();
    const summary = page.getByTestId('ticket').first().locator('.ticket-summary');
    await expect(summary).toHaveText(typed);
    expect(await summary.evaluate((el) => getComputedStyle(el).direction)).toBe(own);
    await screenshot(page, language, 'problemfeedback-bidi');
  });
}
