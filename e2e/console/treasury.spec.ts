import { screenshot } from '../support/app.ts';
import { findOverflow } from '../support/overflow.ts';
import { expect, test } from '../support/test.ts';
import { seededHeldSweep } from '../support/treasury-seed.ts';
import {
  addOperator,
  CONSOLE_LANGUAGES,
  consoleSignIn,
  consoleTexts,
  openSection,
  ops,
  retireOperator,
} from './operators.ts';

// A phone's width (the playwright config's 390 x 844, touch): the treasury screen is opened on call, away from a
// desk. The console lays out at the device's width, so the page is 390 px wide and must fit in it.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const language of CONSOLE_LANGUAGES) {
  test(`[console] an admin sees the treasury and a sweep held for them, and retries it with a reason (${language.code})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = consoleTexts(language);
    const shots = `console-${language.code}`;
    const heldId = seededHeldSweep(language.code);
    await page.addInitScript((l) => localStorage.setItem('aidf-console-language', l), language.stored);
    const admin = await addOperator(baseURL as string, `tr-${language.code.toLowerCase()}${Date.now() % 1e6}`, 'admin');
    try {
      // The dashboard's reserves card after a report that read the chains (made before the dashboard loads): the red
      // line when the server names a shortfall or a clearing mismatch (the e2e users' operator credits are
      // unbacked), each alert on a line of its own.
      await ops(baseURL as string, 'POST', '/reserves/reports', { reason: 'e2e: the dashboard reads it' });
      await consoleSignIn(page, language, admin, 30_000);
      const { reserves } = await ops<{
        reserves: { reportId: string; shortfall: unknown[]; clearingMismatch: unknown[]; unread: number };
      }>(baseURL as string, 'GET', '/dashboard');
      await openSection(page, language, 'dashboard');
      const card = page.getByTestId('reserves-state');
      const alarms = reserves.shortfall.length + reserves.clearingMismatch.length;
      if (alarms > 0) {
        await expect(card).toHaveText(t('dashboard.reservesAlarms', { count: alarms }));
        await expect(card).toHaveClass(/\bbad\b/);
        await expect(page.getByTestId('reserves-alarms').getByRole('listitem')).toHaveCount(alarms);
      } else {
        await expect(card).not.toHaveClass(/\bbad\b/);
      }
      await expect(
        page.getByText(t('dashboard.reservesReport', { id: reserves.reportId, time: 'T' }).split('T')[0] as string),
      ).toBeVisible();
      expect(await findOverflow(page)).toEqual([]);
      await screenshot(page, shots, 'dashboard-reserves');

      await openSection(page, language, 'treasury');
      await expect(page.getByRole('heading', { name: t('treasury.title'), level: 1 })).toBeVisible();
      // The last reserves report as the server has it (the proof-of-reserves spec may have made one on this server
      // first), or, before any, that the chains have not been read: the screen then shows the ledger's side only.
      const { report } = await ops<{ report: { id: string; status: string } | null }>(
        baseURL as string,
        'GET',
        '/treasury',
      );
      const reportLine = page.getByTestId('treasury-report');
      if (report) {
        const status = t(`treasury.reportStates.${report.status}`);
        const [head] = t('treasury.lastReport', { id: report.id, status, time: 'TIME' }).split('TIME');
        await expect(reportLine).toContainText(head as string);
      } else {
        await expect(reportLine).toHaveText(t('treasury.noReport'));
      }
      await expect(page.getByTestId('treasury-holdings').getByRole('row')).not.toHaveCount(1);

      // The sweep held for an operator, under the default filter (held).
      const sweeps = page.getByTestId('sweeps-table');
      // The row whose first cell (the sweep's number) is exactly the held sweep's.
      const row = sweeps
        .getByRole('row')
        .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${heldId}$`) }) });
      await expect(row.getByTestId('sweep-state')).toHaveText(t('treasury.states.held'));
      await expect(row).toContainText('seed: RPC answered 429 three times');
      // Nothing wider than the phone but the tables, which scroll inside their frame.
      expect(await page.evaluate(() => window.innerWidth)).toBe(390);
      expect(await findOverflow(page)).toEqual([]);
      await screenshot(page, shots, 'treasury-held');
      // At a desk's width the route column is narrow: the addresses break to fit, the user's name never does.
      await page.setViewportSize({ width: 1280, height: 900 });
      const username = row.getByTestId('sweep-username');
      await expect(username).toHaveCount(1);
      expect(await username.evaluate((name) => name.getClientRects().length)).toBe(1);
      await screenshot(page, shots, 'treasury-held-1280');
      await page.setViewportSize({ width: 390, height: 844 });

      await row.getByRole('button', { name: t('treasury.retryOne', { id: heldId }) }).tap();
      const form = page.getByTestId('sweep-action');
      await expect(form.getByRole('heading')).toHaveText(t('treasury.retryTitle', { id: heldId }));
      const confirm = form.getByRole('button', { name: t('treasury.confirmRetry') });
      await expect(confirm).toBeDisabled();
      await form.getByLabel(t('treasury.reason')).fill('e2e: the RPC answers again');
      await screenshot(page, shots, 'dialog-treasury-retry');
      expect(await findOverflow(page)).toEqual([]);
      await confirm.tap();
      await expect(page.getByTestId('sweep-result')).toHaveText(
        t('treasury.done', { id: heldId, state: t('treasury.states.planned') }),
      );
      // It left the held list; under all states it shows as planned (or further, once a sweeper took it up).
      await expect(row).toHaveCount(0);
      await page.getByLabel(t('treasury.stateFilter')).selectOption('all');
      await expect(row.getByTestId('sweep-state')).not.toHaveText(t('treasury.states.held'));
      await screenshot(page, shots, 'treasury-retried');
    } finally {
      await retireOperator(baseURL as string, admin);
    }
  });
}
