import ar from '../../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import { screenshot } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { expect, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';
import { injectEvmWallet, signInWithWallet } from '../support/wallets.ts';

const texts = { en, ar } as const;

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const language of ['en', 'ar'] as const) {
  test(`[tickets] opens a ticket about a withdrawal with a screenshot, gets the operator's reply (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL as string;
    const t = texts[language].tickets;
    await injectEvmWallet(page, { chainId: '0x38', knowsBsc: true });
    if (language !== 'en') await page.addInitScript((l) => localStorage.setItem('localLan', l), language);
    await page.goto('/');
    const username = (await signInWithWallet(page, 'bsc')).trim();
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // A withdrawal to be about: 10 COW from the operator, withdrawn to the user's own wallet.
    await operator(base, ['credit', username, 'cow', '10', '--reason', 'e2e ticket funding'], {
      name: 'e2e-support',
    });
    await page.goto('/withdraw');
    const withdraw = page.getByTestId('withdraw-form');
    await withdraw.locator('input[name="amount"]').fill('10');
    await withdraw.locator('button[type="submit"]').click();
    // The wallet's signature, the request and the list's refetch: on a loaded machine more than the default 5 s.
    await expect(page.getByTestId('withdrawal').first()).toBeVisible({ timeout: 30_000 });
    const shot = await page.screenshot();

    // From the feedback icon on /me.
    await page.goto('/me');
    await page.getByTestId('header-tickets').click();
    await expect(page).toHaveURL(/\/problemfeedback$/);
    await expect(page.getByTestId('ticket-safety')).toHaveText(t.safety);
    await expect(page.getByTestId('ticket-list')).toContainText(t.noTickets);

    const form = page.getByTestId('ticket-form');
    const picker = form.getByTestId('ticket-about');
    const withdrawal = picker.locator('option[value^="withdrawal:"]');
    await expect(withdrawal).toHaveCount(1);
    await expect(withdrawal).toContainText(t.kind.withdrawal);
    await picker.selectOption(await withdrawal.getAttribute('value'));
    const problem = language === 'en' ? 'My withdrawal has not arrived yet.' : 'لم يصل سحبي بعد.';
    await form.getByTestId('ticket-content').fill(problem);
    await form
      .getByTestId('ticket-file')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: shot });
    await expect(form.getByTestId('ticket-preview')).toHaveCount(1);
    // Remove and add again: the preview follows.
    await form.getByTestId('ticket-remove-image').click();
    await expect(form.getByTestId('ticket-preview')).toHaveCount(0);
    await form
      .getByTestId('ticket-file')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: shot });
    await expect(form.getByTestId('ticket-preview')).toHaveCount(1);
    await screenshot(page, language, 'problemfeedback-form');
    await form.getByTestId('ticket-submit').click();
    await expectToast(page, t.submitted);

    const ticket = page.getByTestId('ticket').first();
    await expect(ticket).toHaveAttribute('data-replied', 'false');
    await expect(ticket.getByTestId('ticket-state')).toHaveText(t.notReplied);
    await expect(ticket).toContainText(t.kind.withdrawal);
    // Its own text, not another user's ticket's (the list once showed the platform's first message for all).
    await expect(ticket).toContainText(problem);
    await expect(ticket.getByTestId('ticket-image')).toBeVisible({ timeout: 10_000 });
    await expect
      .poll(() => ticket.getByTestId('ticket-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, language, 'problemfeedback-not-replied');

    // Support reads the open tickets (oldest first) and replies from the operator's command.
    const open = await operator(base, ['tickets'], { name: 'e2e-support' });
    const ticketId = new RegExp(`#(\\d+) from ${username}, waiting since \\S+ about withdrawal \\d+`).exec(open)?.[1];
    expect(ticketId, open).toBeTruthy();
    const answer = language === 'en' ? 'Your withdrawal is on its way.' : 'سحبك في الطريق.';
    expect(await operator(base, ['reply', ticketId as string, answer], { name: 'e2e-support' })).toContain('replied');

    await page.reload();
    await expect(ticket).toHaveAttribute('data-replied', 'true');
    await expect(ticket.getByTestId('ticket-state')).toHaveText(t.replied);
    await screenshot(page, language, 'problemfeedback-replied');
    await ticket.locator('.ticket-open').click();
    const dialog = page.getByTestId('replies-dialog');
    await expect(dialog.getByTestId('ticket-reply')).toHaveText(new RegExp(answer));
    await expect(dialog.getByTestId('ticket-reply')).toContainText(t.fromSupport);
    await screenshot(page, language, 'dialog-feedback-replies');

    // A follow-up opens the ticket again.
    await dialog.locator('textarea').fill(language === 'en' ? 'Thanks, it arrived.' : 'شكرًا، لقد وصل.');
    await dialog.locator('button[type="submit"]').click();
    await expect(page.getByTestId('replies-dialog')).toHaveCount(0);
    await expect(ticket).toHaveAttribute('data-replied', 'false');
  });
}
