import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { SAVE_SCREENSHOTS, screenshot } from '../support/app.ts';
import { findOverflow } from '../support/overflow.ts';
import { expect, test } from '../support/test.ts';
import { toastLog } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

/**
 * What a newcomer meets on a phone, at 360 and 390 px, in English, Chinese and Arabic: the Miner tab shows a visitor
 * what is on sale, offline no sign-in sheet covers the offline screen, buttons wrap between words only (never
 * "e-/mail"), a toast leaves the header readable, and a ticket mixing Arabic and English is shown from its start.
 */
const texts = { en, zhCN, ar } as const;
const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

// Each test makes its own page and user and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/** The lines a piece of text takes and whether any line but the last ends in a hyphen (a word broken at it). */
async function lines(locator: Locator) {
  return locator.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const chars: { top: number; ch: string }[] = [];
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) chars.push({ top: Math.round(rect.top), ch: node.data[i] as string });
      }
    }
    const tops = [...new Set(chars.map((c) => c.top))];
    const endsOfLines = tops.slice(0, -1).map((top) => chars.filter((c) => c.top === top).at(-1)?.ch);
    return { count: tops.length, brokenAtHyphen: endsOfLines.some((ch) => ch === '-' || ch === '\u2010') };
  });
}

async function start(page: Page, language: keyof typeof texts) {
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
  if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
}

for (const width of [360, 390] as const) {
  for (const language of ['en', 'zhCN', 'ar'] as const) {
    test.describe(`${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 780 } });
      const t = texts[language];
      const shot = (name: string) => `${name}-${width}`;

      test(`[newcomer] a visitor sees the machines on sale; sign-in buttons wrap between words; offline shows no sheet (${language}, ${width})`, async ({
        page,
      }) => {
        await start(page, language);
        await page.goto('/machine');
        await expect(page.getByTestId('machine-sign-in')).toContainText(t.machine.signInTitle);
        await expect(page.getByTestId('worth-group').first()).toBeVisible();
        await expect(page.getByTestId('price-item').first()).toContainText(/\d/);
        expect(await findOverflow(page)).toEqual([]);
        await screenshot(page, language, shot('machine-visitor'));
        // "Buy" asks a visitor to sign in first.
        await page.getByTestId('buy-item').first().click();
        const picker = page.getByTestId('chain-picker');
        await expect(picker).toBeVisible();
        for (const label of [t.auth.emailLogin, t.auth.passwordLogin]) {
          const button = picker.getByRole('button', { name: label });
          const shape = await lines(button);
          expect(shape.brokenAtHyphen, label).toBe(false);
          expect(shape.count, label).toBeLessThanOrEqual(2);
        }
        expect(await findOverflow(page)).toEqual([]);
        await screenshot(page, language, shot('dialog-chain-picker-visitor'));

        // Offline, a deep link to a protected screen: the offline screen alone, no sign-in sheet on top of it and no
        // "Please login first" toast over it (the visitor cannot sign in before the API is back).
        await page.route('**/v1/**', (route) => route.abort('internetdisconnected'));
        await page.goto('/personalAssets');
        await expect(page.getByTestId('offline-screen')).toBeVisible();
        await expect(page.getByTestId('chain-picker')).toHaveCount(0);
        expect((await toastLog(page))?.texts).toEqual([]);
        // The screen behind (hidden) keeps waiting for the API, so screenshot() would wait for it to settle.
        if (SAVE_SCREENSHOTS) {
          await page.screenshot({ path: path.join(SCREENSHOTS, language, `${shot('offline-deep-link')}.png`) });
        }
        // Back online, the sheet the deep link asked for shows.
        await page.unroute('**/v1/**');
        await page.getByTestId('offline-screen').getByRole('button', { name: t.common.retry }).click();
        await expect(page.getByTestId('offline-screen')).toHaveCount(0);
        await expect(page.getByTestId('chain-picker')).toBeVisible();
      });

      test(`[newcomer] a toast leaves the header readable; a mixed ticket shows from its start; the deposit button fits (${language}, ${width})`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await start(page, language);
        await page.goto('/');
        await signInWithWallet(page, 'bsc');
        // "Signed in" covers none of the header: the user name and the language stay readable.
        await expect(page.locator('.toast')).toHaveText(t.messages.coin_T);
        const [toast, header] = await Promise.all([
          page.locator('.toast').boundingBox(),
          page.locator('.app-header').boundingBox(),
        ]);
        expect(toast?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
        await screenshot(page, language, shot('home-signed-in-toast'));

        // A ticket that mixes Arabic and English: its first words shown, the clip (if any) at its end.
        await page.goto('/problemfeedback');
        const typed = 'طلبي رقم 12 لم يصل بعد، order 12 has not arrived yet and I have been waiting for two days now';
        const form = page.getByTestId('ticket-form');
        await form.getByTestId('ticket-content').fill(typed);
        await form.getByTestId('ticket-submit').click();
        const summary = page.getByTestId('ticket').first().locator('.ticket-summary');
        // Its start, then an ellipsis at its end; nothing of it hidden (a clamp's ellipsis once covered "or" of "order").
        await expect(summary).toHaveText(/^طلبي رقم 12 لم يصل بعد، order 12 has not arrived .*…$/);
        const box = await summary.evaluate((el) => {
          const range = document.createRange();
          const node = el.firstChild as Text;
          range.setStart(node, 0);
          range.setEnd(node, 4);
          const first = range.getBoundingClientRect();
          const own = el.getBoundingClientRect();
          return {
            firstLeft: first.left,
            firstRight: first.right,
            left: own.left,
            right: own.right,
            hidden: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
          };
        });
        expect(box.hidden).toBe(false);
        // The first word ("طلبي", right to left) sits inside the summary's box, at its right edge.
        expect(box.firstLeft).toBeGreaterThanOrEqual(box.left - 1);
        expect(box.firstRight).toBeLessThanOrEqual(box.right + 1);
        expect(box.right - box.firstRight).toBeLessThan(8);
        expect(await findOverflow(page)).toEqual([]);
        await screenshot(page, language, shot('problemfeedback-mixed'));

        // The deposit address's buttons: at most two lines each.
        await page.goto('/recharge');
        const show = page.getByTestId('deposit-show');
        await expect(show).toBeVisible();
        expect((await lines(show)).count).toBeLessThanOrEqual(2);
        expect((await lines(show)).brokenAtHyphen).toBe(false);
        expect(await findOverflow(page)).toEqual([]);
        await screenshot(page, language, shot('recharge-address'));
      });
    });
  }
}
