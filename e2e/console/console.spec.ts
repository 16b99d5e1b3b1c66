import { screenshot } from '../support/app.ts';
import { expectInlineScriptBlocked, watchViolations } from '../support/csp.ts';
import { type Browser, expect, type Page, test } from '../support/test.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';
import {
  addOperator,
  CONSOLE_LANGUAGES,
  type ConsoleLanguage,
  consoleSignIn,
  consoleSignOut,
  consoleTexts,
  founderNames,
  loginStatus,
  openSection,
  ops,
  retireOperator,
} from './operators.ts';

// The console is a desktop app; the user's app beside it keeps the phone's size.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

/** Above the e2e server's CREDIT_APPROVAL_THRESHOLD (1,000,000): it waits for a second finance operator. */
const LARGE_CREDIT = '2500000';
const RATE_KEY = 'pledge.rate.90';
/** A money setting: changing it is a proposal a second admin approves. */
const DUST_KEY = 'treasury.dust.cow';

/** The user's app in a phone-sized page of its own, signed in with a fresh wallet. */
async function userApp(browser: Browser, language: ConsoleLanguage) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const app = await context.newPage();
  await injectEvmWallet(app, { chainId: '0x38', knowsBsc: true });
  if (language.code !== 'en') await app.addInitScript((l) => localStorage.setItem('localLan', l), language.code);
  await app.goto('/');
  const username = (await signInWithWallet(app, 'bsc')).trim();
  return { app, context, username };
}

/** The user writes to support from the app, with an image. */
async function openTicket(app: Page, problem: string) {
  await app.goto('/problemfeedback');
  const shot = await app.screenshot();
  const form = app.getByTestId('ticket-form');
  await form.getByTestId('ticket-content').fill(problem);
  await form.getByTestId('ticket-file').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: shot });
  await expect(form.getByTestId('ticket-preview')).toHaveCount(1);
  await form.getByTestId('ticket-submit').click();
  await expect(app.getByTestId('ticket').first()).toHaveAttribute('data-replied', 'false');
}

const rows = (page: Page, table: string, text: string) =>
  page.getByTestId(table).getByRole('row').filter({ hasText: text });

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of CONSOLE_LANGUAGES) {
  test(`[console] two finance operators credit with four eyes, admin sets the 90-day rate, support replies, the audit lists it (${language.code})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const base = baseURL as string;
    const t = consoleTexts(language);
    const shots = `console-${language.code}`;
    await page.addInitScript((l) => localStorage.setItem('aidf-console-language', l), language.stored);
    // The whole console flow runs under its Content-Security-Policy: any violation fails the test.
    const violations = await watchViolations(page);

    const { app, context, username } = await userApp(browser, language);
    const problem = language.code === 'en' ? 'My deposit has not arrived.' : '我的充值还没有到账。';
    await openTicket(app, problem);

    // Four named operators, each proposed by one of the server's founders and approved by the other (finance 1 and
    // finance 2 by different people, so one may approve the other's credit); each signs in with its own TOTP.
    const suffix = `${language.code.toLowerCase()}${Date.now().toString(36)}`;
    const finance1 = await addOperator(base, `fa-${suffix}`, 'finance');
    const finance2 = await addOperator(base, `fb-${suffix}`, 'finance');
    const support = await addOperator(base, `su-${suffix}`, 'support');
    const admin = await addOperator(base, `ad-${suffix}`, 'admin');
    const founders = await founderNames(base);
    for (const op of [finance1, finance2, support, admin]) expect(op.password, `${op.username} approved`).toBeTruthy();
    const settings = await ops<{ key: string; value: string | null }[]>(base, 'GET', '/config');
    const rateBefore = settings.find((s) => s.key === RATE_KEY)?.value ?? '';
    expect(rateBefore).not.toBe('');
    const newRate = language.code === 'en' ? '7.5' : '8.25';

    try {
      // Finance 1 proposes a credit above the threshold: it waits for someone else.
      await consoleSignIn(page, language, finance1);
      await screenshot(page, shots, 'dashboard');
      await openSection(page, language, 'credits');
      await page.getByLabel(t('credits.username')).fill(username);
      await page.getByLabel(t('credits.currency')).selectOption('usdt');
      await page.getByLabel(t('credits.amount')).fill(LARGE_CREDIT);
      await page.getByLabel(t('credits.reason')).fill('e2e: large goodwill credit');
      await page.getByRole('button', { name: t('credits.submit'), exact: true }).click();
      await expect(page.getByTestId('credit-result')).toContainText(
        t('credits.proposed', { username, id: 'X' }).split('X')[0] as string,
      );
      const proposal = rows(page, 'proposals-table', username);
      await expect(proposal).toContainText(t('credits.yours'));
      await expect(proposal.getByRole('button', { name: t('credits.approve') })).toHaveCount(0);
      await screenshot(page, shots, 'credits-proposed');
      await consoleSignOut(page, language);

      // Finance 2 approves it; the user's balance has it.
      await consoleSignIn(page, language, finance2);
      await openSection(page, language, 'credits');
      await rows(page, 'proposals-table', username).getByRole('button').click();
      await expect(page.getByTestId('approve-result')).toBeVisible();
      await expect(rows(page, 'proposals-table', username)).toHaveCount(0);
      await screenshot(page, shots, 'credits-approved');

      // The user's page lists the credit under the app's own label for its transaction type.
      await openSection(page, language, 'users');
      await page.getByLabel(t('users.searchLabel')).fill(username);
      await page.getByRole('button', { name: t('common.search'), exact: true }).click();
      // The search's answer replaces the list: a click on the name in the list before it would be lost.
      await expect(page.getByTestId('users-table').getByRole('link')).toHaveCount(1);
      await page.getByTestId('users-table').getByRole('link', { name: username, exact: true }).click();
      const credit = page
        .getByRole('table', { name: t('users.movements') })
        .getByRole('row')
        .filter({ hasText: 'merchant-system-transfer' });
      await expect(credit).toContainText(t('txType.merchant-system-transfer'));
      await screenshot(page, shots, 'user-movements');

      // There too the user's withdrawal limits (a row per period); finance 2 proposes the user's own day limit,
      // which waits on the approvals page for another operator.
      await expect(page.getByTestId('withdraw-limits').getByRole('row')).toHaveCount(3);
      await page.getByLabel(t('users.limits.day'), { exact: true }).fill('500');
      await page.getByLabel(t('users.limits.reason'), { exact: true }).fill('e2e: verified holder');
      await page.getByRole('button', { name: t('users.limits.propose'), exact: true }).click();
      await page.getByTestId('limit-proposed').getByRole('link').click();
      const limitProposal = rows(page, 'proposals-table', username);
      await expect(limitProposal).toContainText(t('credits.kinds.withdraw-limit'));
      await expect(limitProposal).toContainText(t('credits.yours'));
      await consoleSignOut(page, language);

      await app.goto('/personalAssets');
      await expect(app.getByTestId('asset-usdt')).toContainText('2,500,000');
      await screenshot(app, shots, 'app-balance-credited');

      // Support answers the user's ticket from the queue, the image shown from the authenticated route.
      await consoleSignIn(page, language, support);
      await openSection(page, language, 'tickets');
      await rows(page, 'ticket-queue', username).getByRole('link').click();
      await expect(page.getByTestId('ticket-thread')).toContainText(problem);
      const image = page.getByTestId('ticket-attachment');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await screenshot(page, shots, 'ticket-open');
      const answer = language.code === 'en' ? 'It is credited now, please look again.' : '已经到账，请再查看。';
      await page.getByLabel(t('tickets.replyLabel')).fill(answer);
      await page.getByRole('button', { name: t('tickets.send') }).click();
      await expect(page.getByTestId('reply-sent')).toHaveText(t('tickets.replied'));
      await expect(page.getByTestId('ticket-thread')).toContainText(answer);
      await screenshot(page, shots, 'ticket-replied');
      await consoleSignOut(page, language);

      await app.goto('/problemfeedback');
      const ticket = app.getByTestId('ticket').first();
      await expect(ticket).toHaveAttribute('data-replied', 'true');
      await ticket.locator('.ticket-open').click();
      await expect(app.getByTestId('replies-dialog').getByTestId('ticket-reply')).toContainText(answer);
      await screenshot(app, shots, 'dialog-app-ticket-reply');

      // The admin changes the 90-day rate: a wrong value is refused with the server's reason, then it saves.
      await consoleSignIn(page, language, admin);
      await openSection(page, language, 'config');
      await page.getByRole('button', { name: t('config.changeOne', { key: RATE_KEY }) }).click();
      const editor = page.getByTestId('setting-editor');
      await expect(editor.getByTestId('setting-before')).toHaveValue(rateBefore);
      await expect(editor.getByRole('note')).toHaveText(t('config.newItemsOnly'));
      await editor.getByLabel(t('config.newValue')).fill('six');
      await editor.getByLabel(t('config.reason')).fill('e2e: 90-day promotion');
      await editor.getByRole('button', { name: t('config.review') }).click();
      await editor.getByRole('button', { name: t('config.confirm') }).click();
      await expect(editor.getByRole('alert').first()).toHaveText(consoleTexts(language)('errors.1225'));
      await expect(editor.getByTestId('server-detail')).toContainText(RATE_KEY);
      await editor.getByLabel(t('config.newValue')).fill(newRate);
      await editor.getByRole('button', { name: t('config.review') }).click();
      await expect(editor.getByRole('alertdialog')).toContainText(
        t('config.confirmText', { key: RATE_KEY, before: rateBefore, after: newRate }),
      );
      await screenshot(page, shots, 'config-confirm');
      await editor.getByRole('button', { name: t('config.confirm') }).click();
      await expect(page.getByTestId('setting-saved')).toHaveText(
        t('config.saved', { key: RATE_KEY, before: rateBefore, after: newRate }),
      );
      await expect(rows(page, 'config-pledge', RATE_KEY)).toContainText(newRate);
      await screenshot(page, shots, 'config-saved');

      // A money setting is a proposal for a second admin: the form says so before it is sent, the answer names it.
      await page.getByRole('button', { name: t('config.close') }).click();
      await page.getByRole('button', { name: t('config.changeOne', { key: DUST_KEY }) }).click();
      const money = page.getByTestId('setting-editor');
      await expect(money.getByRole('note')).toHaveText(t('config.fourEyesNote'));
      await money.getByLabel(t('config.newValue')).fill('0.5');
      await money.getByLabel(t('config.reason')).fill('e2e: reserves dust');
      await money.getByRole('button', { name: t('config.review') }).click();
      await money.getByRole('button', { name: t('config.propose') }).click();
      const proposedText = t('config.proposed', { key: DUST_KEY, before: t('config.notSet'), after: '0.5', id: 'ID' });
      const escaped = proposedText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('ID', '(\\d+)');
      const saved = page.getByTestId('setting-saved');
      await expect(saved).toHaveText(new RegExp(`^${escaped}$`));
      await screenshot(page, shots, 'config-proposed');
      const proposalId = new RegExp(escaped).exec((await saved.textContent()) ?? '')?.[1];
      expect(proposalId).toBeTruthy();
      // Nobody else approves it here: withdrawn, so the value stays unset for the other specs.
      await ops(base, 'POST', `/proposals/${proposalId}/withdraw`, { reason: 'e2e: console spec done' });
      expect(
        (await ops<{ key: string; value: string | null }[]>(base, 'GET', '/config')).find((x) => x.key === DUST_KEY)
          ?.value,
      ).toBeNull();

      // The app's fund info shows the new rate for a new 90-day pledge.
      await app.goto('/');
      await app.getByTestId('open-pledge').click();
      const form = app.getByTestId('pledge-form-00');
      await form.getByTestId('period-90').click();
      await expect(form.getByTestId('pledge-rates')).toContainText(`${newRate}%`);
      await screenshot(app, shots, 'dialog-app-pledge-rate');

      // An announcement: a draft in two of the eleven languages (Arabic typed right to left) cannot be published.
      await openSection(page, language, 'announcements');
      await page.getByRole('link', { name: t('announcements.new') }).click();
      const title = `Console ${language.code} ${suffix}`;
      await page.getByTestId('field-title').fill(title);
      await page.getByTestId('field-body').fill('<p>Maintenance <b>tonight</b>.</p>');
      await page.getByTestId('tab-ar').click();
      await expect(page.getByTestId('field-title')).toHaveAttribute('dir', 'rtl');
      await page.getByTestId('field-title').fill('صيانة الليلة');
      await page.getByTestId('field-body').fill('صيانة الليلة.');
      await page.getByRole('button', { name: t('announcements.publish') }).click();
      const missing = page.getByTestId('missing-languages');
      await expect(missing).toContainText('简体中文');
      await expect(missing).toContainText('Français');
      await expect(missing).not.toContainText('English');
      await expect(missing).not.toContainText('العربية');
      await page.getByRole('button', { name: t('announcements.saveDraft') }).click();
      await expect(page.getByTestId('announcement-state')).toBeVisible();
      await page.getByRole('button', { name: t('announcements.preview') }).click();
      const preview = page.getByTestId('announcement-preview');
      await expect(preview.locator('b')).toHaveText('tonight');
      await screenshot(page, shots, 'announcement-draft-preview');
      await page.getByRole('link', { name: t('announcements.back') }).click();
      await expect(rows(page, 'announcements-table', title)).toContainText(t('announcements.statuses.draft'));

      // The operators, with who made them.
      await openSection(page, language, 'operators');
      for (const op of [finance1, finance2, support, admin]) {
        await expect(rows(page, 'operators-table', op.username)).toContainText(founders[0]);
        await expect(rows(page, 'operators-table', op.username)).toContainText(founders[1]);
      }
      await screenshot(page, shots, 'operators');
      // A new operator from the console is a proposal another admin approves (four eyes are two people): the
      // admin sees it under Approvals and withdraws it; then disables the support operator, whose sign-in ends.
      const newcomer = `nw-${suffix}`;
      await page.getByLabel(t('operators.username')).fill(newcomer);
      await page.getByLabel(t('operators.role')).selectOption('support');
      await page.getByRole('button', { name: t('operators.add'), exact: true }).click();
      await expect(page.getByTestId('operator-proposed')).toBeVisible();
      await expect(rows(page, 'operators-table', newcomer)).toHaveCount(0);
      page.once('dialog', (dialog) => dialog.accept('e2e: support rota changed'));
      await page.getByRole('button', { name: t('operators.disableOne', { name: support.username }) }).click();
      await expect(rows(page, 'operators-table', support.username)).toContainText(admin.username);
      expect(await loginStatus(base, support)).toBe(400);
      await screenshot(page, shots, 'operators-new');
      await openSection(page, language, 'credits');
      const toWithdraw = rows(page, 'proposals-table', newcomer);
      await expect(toWithdraw).toContainText(t('credits.kinds.operator-create'));
      page.once('dialog', (dialog) => dialog.accept('e2e: not needed'));
      await toWithdraw.getByRole('button', { name: t('credits.withdraw') }).click();
      await expect(rows(page, 'proposals-table', newcomer)).toHaveCount(0);

      // The audit lists every step: who, in which role, what.
      await openSection(page, language, 'audit');
      const audit = (operator: string, action: string) =>
        rows(page, 'audit-table', operator).filter({ has: page.getByRole('cell', { name: action, exact: true }) });
      await expect(audit(finance1.username, 'login')).toHaveCount(1);
      await expect(audit(finance1.username, 'credit-propose')).toContainText(LARGE_CREDIT);
      await expect(audit(finance2.username, 'credit-approve')).toHaveCount(1);
      await expect(audit(support.username, 'ticket-reply')).toHaveCount(1);
      await expect(audit(admin.username, 'setting')).toContainText(newRate);
      await expect(audit(admin.username, 'setting')).toContainText(t('common.roles.admin'));
      await expect(audit(admin.username, 'announcement-create')).toHaveCount(1);
      await expect(audit(`operator:nw-${suffix}`, 'operator-create-withdraw')).toHaveCount(1);
      await expect(audit(`operator:${support.username}`, 'operator-disable')).toHaveCount(1);
      for (const op of [finance1, finance2, support, admin]) {
        await expect(audit(`operator:${op.username}`, 'operator-add')).toContainText('e2e-founder-');
      }
      await screenshot(page, shots, 'audit');
      const policy = (await page.request.get('/ops/')).headers()['content-security-policy'];
      expect(policy).toContain("frame-ancestors 'none'");
      expect(await violations()).toEqual([]);
      await expectInlineScriptBlocked(page);
    } finally {
      // Other specs expect the seeded rate: put it back (running pledges keep theirs anyway).
      await ops(base, 'POST', '/config', { key: RATE_KEY, value: rateBefore, reason: 'e2e: console spec restores' });
      await retireOperator(base, admin);
      await context.close();
    }
  });
}
