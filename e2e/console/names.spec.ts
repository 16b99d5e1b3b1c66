import { formatAmountNonZero, isRounded } from '@aidf/contract';
import type { Page } from '@playwright/test';
import { screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import {
  addOperator,
  CONSOLE_LANGUAGES,
  consoleSignIn,
  consoleTexts,
  openSection,
  ops,
  retireOperator,
} from './operators.ts';

// The console at a desk's width, as an operator reads it.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

const CHAIN_NAMES: Record<string, string> = { bsc: 'BNB Smart Chain', solana: 'Solana' };

/**
 * Every amount on the screen as the console shows amounts: rounded down to the display decimals (never the server's
 * "99.999948408999638863"; a non-zero one below the last place as "<0.0001", never "0"), its exact value in its
 * title where the shown one is rounded.
 */
async function expectAmountsRounded(page: Page) {
  const amounts = await page.locator('bdi.amount[data-exact]').evaluateAll((els) =>
    els.map((el) => ({
      shown: el.textContent,
      exact: el.getAttribute('data-exact') ?? '',
      title: el.getAttribute('title'),
    })),
  );
  expect(amounts.length).toBeGreaterThan(0);
  for (const a of amounts) {
    expect(a.shown?.split(' ')[0]).toBe(formatAmountNonZero(a.exact));
    expect(a.title).toBe(isRounded(a.exact) ? a.exact : null);
  }
}

for (const language of CONSOLE_LANGUAGES) {
  test(`[console] chains, daily jobs and the report's state read in the operator's language (${language.code})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = consoleTexts(language);
    const shots = `console-${language.code}`;
    await page.addInitScript((l) => localStorage.setItem('aidf-console-language', l), language.stored);
    const admin = await addOperator(baseURL as string, `nm-${language.code.toLowerCase()}${Date.now() % 1e6}`, 'admin');
    try {
      await ops(baseURL as string, 'POST', '/reserves/reports', { reason: 'e2e: the console names its state' });
      const dashboard = await ops<{ watchers: { chain: string }[]; jobs: { job: string }[] }>(
        baseURL as string,
        'GET',
        '/dashboard',
      );
      await consoleSignIn(page, language, admin, 30_000);
      await openSection(page, language, 'dashboard');

      // The watchers by the chains' names, never their codes.
      const watchers = page.getByRole('table', { name: t('dashboard.watchers') });
      const chainCells = watchers.locator('tbody tr td:first-child');
      await expect(chainCells).toHaveText(dashboard.watchers.map((w) => t(`common.chains.${w.chain}`)));
      for (const w of dashboard.watchers) expect(t(`common.chains.${w.chain}`)).toBe(CHAIN_NAMES[w.chain]);
      // The daily jobs by what they do, in the language.
      const jobs = page.getByRole('table', { name: t('dashboard.jobs') });
      await expect(jobs.locator('tbody tr td:first-child')).toHaveText(
        dashboard.jobs.map((j) => t(`dashboard.jobNames.${j.job}`)),
      );
      await expect(jobs).not.toContainText('pledge-settlement');
      // The reserves alerts: names and amounts isolated (in Arabic they keep their own direction), amounts rounded.
      for (const line of await page.getByTestId('reserves-alarms').getByRole('listitem').allTextContents()) {
        expect(line).toMatch(/\u2068(BNB Smart Chain|Solana|[A-Z]+)\u2069/);
        expect(line).not.toMatch(/\d\.\d{5}/);
      }
      await expectAmountsRounded(page);
      await screenshot(page, shots, 'dashboard-names');

      await openSection(page, language, 'treasury');
      const { report } = await ops<{ report: { id: string; status: string } }>(baseURL as string, 'GET', '/treasury');
      const state = t(`treasury.reportStates.${report.status}`);
      await expect(page.getByTestId('treasury-report')).toContainText(`${state}`);
      if (language.code !== 'en') await expect(page.getByTestId('treasury-report')).not.toContainText(report.status);
      await expect(page.getByTestId('treasury-holdings').getByRole('row')).not.toHaveCount(1);
      await expectAmountsRounded(page);
      await screenshot(page, shots, 'treasury-names');
    } finally {
      await retireOperator(baseURL as string, admin);
    }
  });
}
