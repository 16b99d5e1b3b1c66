import { LANGUAGE_CODES } from '@aidf/contract';
import { ops } from '../console/operators.ts';
import { screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test.describe('[announcements] reading news', () => {
  test('opens an announcement from the home list and reads it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Withdrawal schedule/ }).click();
    await expect(page).toHaveURL(/\/announcementdetails\?id=\d+$/);
    const article = page.getByTestId('announcement-detail');
    await expect(article.getByRole('heading')).toHaveText('Withdrawal schedule');
    await expect(article).toContainText('COW can be withdrawn twice per day.');
    await screenshot(page, 'en', 'announcementdetails-open');
  });

  test('shows the announcement in the chosen language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
    await page.goto('/');
    await page.getByTestId('announcement-list').getByRole('link').last().click();
    await expect(page.getByTestId('announcement-detail')).toContainText('يمكن سحب COW مرتين يوميًا');
    await screenshot(page, 'ar', 'announcementdetails-open');
  });

  test('an unknown announcement says so', async ({ page }) => {
    await page.goto('/announcementdetails?id=999999');
    await expect(page.getByText('This announcement does not exist or is no longer available.')).toBeVisible();
  });
});

for (const width of [360, 390] as const) {
  test.describe(`[announcements] amounts in an Arabic body at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 } });
    test(`"100 AIDF · 90 يوم" reads amount first, number then unit, right to left (${width})`, async ({
      page,
      baseURL,
    }) => {
      const text = (body: string) => ({ title: 'Pledge', summary: 'Pledge', body });
      const translations = Object.fromEntries(
        LANGUAGE_CODES.map((code) => [code, text('<p>Stake 100 AIDF · 90 days</p>')]),
      );
      translations.ar = { title: 'الرهن', summary: 'الرهن', body: '<p>رهن 100 AIDF · 90 يوم</p>' };
      const { id } = await ops<{ id: string }>(baseURL as string, 'POST', '/announcements', { translations });
      await ops(baseURL as string, 'POST', `/announcements/${id}/publish`, { reason: 'e2e: amounts in Arabic' });
      await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
      await page.goto(`/announcementdetails?id=${id}`);
      const body = page.getByTestId('announcement-detail').locator('.article-body p');
      await expect(body).toContainText('AIDF');
      // Where each piece stands on screen, left to right.
      const at = await body.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const nodes: Text[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
        const rect = (piece: string) => {
          for (const node of nodes) {
            const i = node.data.indexOf(piece);
            if (i < 0) continue;
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + piece.length);
            const r = range.getBoundingClientRect();
            return { left: r.left, right: r.right };
          }
          throw new Error(`no ${piece}`);
        };
        return { hundred: rect('100'), aidf: rect('AIDF'), ninety: rect('90'), days: rect('يوم') };
      });
      // Right to left: "100 AIDF", then "90", then "يوم"; inside the amount, the number left of its unit.
      expect(at.hundred.right).toBeLessThanOrEqual(at.aidf.left + 1);
      expect(at.aidf.right).toBeGreaterThan(at.ninety.right);
      expect(at.ninety.left).toBeGreaterThan(at.days.right - 1);
      await screenshot(page, 'ar', `announcementdetails-amounts-${width}`);
    });
  });
}

for (const width of [360, 390] as const) {
  test.describe(`[announcements] a mixed Arabic and English summary on the home list at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 } });
    test(`shows the summary from its start, shortened at its end (ar, ${width})`, async ({ page, baseURL }) => {
      const summary =
        'سحب COW متاح الآن مرتين يوميًا، withdrawals of COW now run twice a day and each one is paid within the hour';
      const title = `سحب COW ${width}`;
      const translations = Object.fromEntries(
        LANGUAGE_CODES.map((code) => [code, { title: `COW withdrawals ${width}`, summary, body: `<p>${summary}</p>` }]),
      );
      translations.ar = { title, summary, body: `<p>${summary}</p>` };
      const { id } = await ops<{ id: string }>(baseURL as string, 'POST', '/announcements', { translations });
      await ops(baseURL as string, 'POST', `/announcements/${id}/publish`, { reason: 'e2e: a mixed summary' });
      await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
      await page.goto('/');
      const card = page.getByTestId('announcement-list').getByRole('link').filter({ hasText: title });
      const shown = card.locator('.announcement-summary');
      // Its first words, then an ellipsis at its end (a clamp's ellipsis once covered the start of the English run).
      await expect(shown).toHaveText(/^سحب COW متاح الآن مرتين يوميًا، withdrawals of COW .*…$/);
      const box = await shown.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const first = walker.nextNode() as Text;
        const range = document.createRange();
        range.setStart(first, 0);
        range.setEnd(first, 3);
        const word = range.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        return {
          wordLeft: word.left,
          wordRight: word.right,
          left: own.left,
          right: own.right,
          hidden: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        };
      });
      expect(box.hidden).toBe(false);
      // The first word ("سحب", right to left) inside the summary's box, at its right edge.
      expect(box.wordLeft).toBeGreaterThanOrEqual(box.left - 1);
      expect(box.wordRight).toBeLessThanOrEqual(box.right + 1);
      expect(box.right - box.wordRight).toBeLessThan(8);
      await screenshot(page, 'ar', `home-announcement-mixed-${width}`);
    });
  });
}
