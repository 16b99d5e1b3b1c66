import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import zhCN from '../../apps/web/src/i18n/locales/zhCN.json' with { type: 'json' };
import { screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const texts = { en, zhCN, ar } as const;
const dayAfter = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A fresh wallet user with 500 AIDF from the operator. */
async function newUserWithAidf(page: Page, baseURL: string, language: string) {
  await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
  if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
  await page.goto('/');
  const username = (await signInWithWallet(page, 'bsc')).trim();
  await operator(baseURL, ['credit', username, 'aidf', '500', '--reason', 'e2e pledge funding']);
  await page.reload();
  return username;
}

/**
 * The chart's bars run left to right (day 1 to maturity) in every language: the days-paid label sits under their
 * start, on the left, and the interest at maturity under their end, on the right, in Arabic too.
 */
async function expectCaptionUnderItsBars(detail: Locator) {
  const paid = await detail.getByTestId('pledge-chart-paid').boundingBox();
  const interest = await detail.getByTestId('pledge-chart-interest').boundingBox();
  const chart = await detail.getByTestId('pledge-chart').boundingBox();
  if (!paid || !interest || !chart) throw new Error('the chart and its caption are not on screen');
  expect(paid.x).toBeLessThan(chart.x + chart.width / 2);
  expect(interest.x + interest.width).toBeGreaterThan(chart.x + chart.width / 2);
  expect(paid.x).toBeLessThan(interest.x);
}

test.use({ viewport: { width: 360, height: 740 } });

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'zhCN', 'ar'] as const) {
  test(`[pledge] stakes 100 AIDF for 90 days and is paid day by day until it completes (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL as string;
    await newUserWithAidf(page, base, language);
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await page.getByTestId('open-pledge').click();
    const form = page.getByTestId('pledge-form-00');
    const amount = form.locator('input[name="amount"]');
    // The amount's message follows the input: there while empty, gone once 100 is typed.
    await form.locator('button[type="submit"]').click();
    await expect(form.getByRole('alert')).toHaveText(texts[language].pledge.amountRequired);
    await amount.fill('100');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByTestId('period-90').click();
    // Auto-renew, shown before confirming: on, the principal goes into a new 90-day pledge at maturity.
    await expect(form).toContainText(texts[language].pledge.autoRenew);
    await form.getByTestId('auto-renew').check();
    // One rule for every amount: 4 decimals at most, rounded down, no trailing zeros ("106", not "106.0000").
    await expect(form.getByTestId('pledge-expected')).toContainText('106 AIDF');
    await expect(form.getByTestId('pledge-expected')).not.toContainText('106.0');
    await expect(form.getByTestId('pledge-expected')).toContainText(texts[language].pledge.expectedTotal);
    await expect(form.getByTestId('pledge-rates')).toContainText('6%');
    await expect(form.getByTestId('pledge-rates')).toContainText('24.33%');
    await screenshot(page, language, 'dialog-pledge');
    await form.locator('button[type="submit"]').click();
    await expectToast(page, language === 'en' ? 'Pledged \u2066100 AIDF\u2069 for 90 days' : '100');
    await expect(page.getByTestId('pledge-dialog')).toHaveCount(0);

    await page.goto('/personalAssets');
    const list = page.getByTestId('pledge-list');
    await expect(list.getByTestId('pledge')).toHaveAttribute('data-status', 'running');
    await expect(page.getByTestId('aidf-card')).toContainText('400');
    await screenshot(page, language, 'personalAssets-pledge-running');

    // Started today: nothing paid yet, the next payment is tomorrow's settlement, before the unlock.
    await list.getByTestId('pledge').click();
    const detail = page.getByTestId('pledge-detail');
    await expect(detail.getByTestId('pledge-chart')).toHaveAttribute('data-paid-days', '0');
    // The switch on the detail: it can be turned off and on again until maturity.
    const renewSwitch = detail.getByTestId('auto-renew');
    await expect(renewSwitch).toBeChecked();
    await renewSwitch.uncheck();
    await expect(renewSwitch).not.toBeChecked();
    await renewSwitch.check();
    await expect(renewSwitch).toBeChecked();
    // Each figure named for what it is: the chart's 6 is interest, the 106 principal and interest.
    await expect(detail.getByTestId('pledge-chart-interest')).toHaveText(
      `${texts[language].pledge.chartInterest} 6 AIDF`,
    );
    await expect(detail.getByTestId('pledge-detail-total')).toHaveText('106 AIDF');
    await expectCaptionUnderItsBars(detail);
    await expect(detail).toContainText(texts[language].pledge.expectedTotal);
    const tomorrow = Date.parse(`${dayAfter(1)}T00:00:00Z`);
    await expect(detail.getByTestId('pledge-next')).toHaveAttribute('data-time', String(tomorrow));
    await expect(detail.getByTestId('pledge-unlock')).toHaveAttribute(
      'data-time',
      String(Date.parse(`${dayAfter(90)}T00:00:00Z`)),
    );
    await screenshot(page, language, 'dialog-pledge-detail-day-0');
    await detail.getByRole('button', { name: texts[language].common.close }).first().click();

    // The operator moves time forward: the first day's settlement shows in the statement.
    expect(await operator(base, ['run-job', 'pledge-settlement', '--date', dayAfter(1)])).toContain('done');
    await page.goto('/currencyStatement');
    await page.getByTestId('currency-aidf').click();
    const lines = page.getByTestId('statement-lines');
    await expect(lines.locator('li').first()).toContainText(language === 'en' ? 'Stake settlement' : '0.0666');
    await expect(lines.locator('li').first()).toContainText('0.0666');
    await screenshot(page, language, 'currencyStatement-pledge-settlement');

    // Through maturity: 6 AIDF of return; auto-renew pledged the principal again into a new 90-day pledge
    // on the maturity day (the daily job); the filters follow.
    await operator(base, ['run-job', 'pledge-settlement', '--date', dayAfter(2), '--through', dayAfter(90)]);
    await page.goto('/personalAssets');
    await expect(page.getByTestId('aidf-card')).toContainText('406');
    await page.getByTestId('pledge-filter-1').click();
    await expect(list.getByTestId('pledge')).toHaveCount(1);
    await page.getByTestId('pledge-filter-2').click();
    await expect(list.getByTestId('pledge')).toHaveAttribute('data-status', 'completed');
    await list.getByTestId('pledge').click();
    await expect(page.getByTestId('pledge-auto-renew')).toHaveText(texts[language].pledge.renewalRenewed);
    await expect(page.getByTestId('pledge-detail')).toContainText('6');
    await expect(page.getByTestId('pledge-chart')).toHaveAttribute('data-paid-days', '90');
    await expectCaptionUnderItsBars(page.getByTestId('pledge-detail'));
    await expect(page.getByTestId('pledge-next')).toHaveAttribute('data-time', '');
    await screenshot(page, language, 'dialog-pledge-detail');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, language, 'dialog-pledge-detail-390');

    // The month's statement: opening 0, closing the ledger's 406 AIDF; CSV headed in the user's language;
    // printed without the app's header and tab bar.
    await page.goto('/monthStatement');
    const aidf = page.getByTestId('statement-aidf');
    await expect(aidf.getByTestId('statement-opening')).toHaveText('0');
    await expect(aidf.getByTestId('statement-closing')).toHaveText('406');
    await expect(page.getByTestId('month-statement')).toContainText(texts[language].statement.closing);
    await screenshot(page, language, 'monthStatement-390');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-csv').click()]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text).toContain(texts[language].statement.colCounterparty);
    expect(text).toContain(`AIDF,,${texts[language].statement.closing},406`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('tab-bar')).toBeHidden();
    await screenshot(page, language, 'monthStatement-print');
    await page.emulateMedia({ media: 'screen' });
  });
}
