import { LANGUAGES } from '@aidf/contract';
import { SCREENS, signIn, TEST_WALLET } from '../support/app.ts';
import { findBrokenTitle, findOverflow } from '../support/overflow.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

/**
 * Every screen and dialog at 360 px in all eleven languages, with no text clipped and nothing
 * wider than the phone. One page per language, signed in once by storage; screens are reached client-side so the
 * run stays short, and the languages' tests spread over the workers (each with a server of its own).
 */
test.use({ viewport: { width: 360, height: 740 } });
// About forty screens and dialogs per language.
test.setTimeout(90_000);

/** What shows while a screen loads: a spinner or a skeleton (a bar with a value is content). */
const LOADING = '[role="progressbar"]:not([aria-valuenow]), [aria-busy="true"]';

/**
 * Waits until the screen has loaded, then collects what overflows. The page itself looks every 50 ms: an `expect`
 * backs off to a look a second, and most screens load in a fraction of one (the run spent 9 s a language waiting).
 */
async function check(page: Page, where: string, found: string[]) {
  await page
    .waitForFunction((loading) => document.querySelector(loading) === null, LOADING, { polling: 50, timeout: 10_000 })
    .catch(async (error: Error) => {
      const left = await page.locator(LOADING).evaluateAll((els) => els.map((el) => el.outerHTML.slice(0, 120)));
      throw new Error(`${where}: still loading after 10 s: ${JSON.stringify(left)} (${error.message})`);
    });
  await page.evaluate(() => document.fonts.ready);
  // Both read the same settled screen: asked at once, in one round trip's time.
  const [overflow, brokenTitle] = await Promise.all([findOverflow(page), findBrokenTitle(page)]);
  for (const problem of [...overflow, ...brokenTitle]) found.push(`${where}: ${problem}`);
}

/** Goes to a route the way the app does (history.pushState, which wouter listens to), without a reload. */
async function goTo(page: Page, path: string) {
  await page.evaluate((to) => window.history.pushState({ idx: 1 }, '', to), path);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
}

async function openDialog(page: Page, opener: Locator, dialog: string, found: string[], where: string) {
  await opener.first().click();
  await expect(page.getByTestId(dialog)).toBeVisible();
  await check(page, `${where} ${dialog}`, found);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(dialog)).toHaveCount(0);
}

// Each test makes its own user (or page) and needs nothing an earlier one left: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const { code } of LANGUAGES) {
  test(`[overflow] ${code}: every screen and dialog fits 360 px with no text clipped`, async ({ page }) => {
    const found: string[] = [];
    await page.addInitScript((lang) => window.localStorage.setItem('localLan', lang), code);

    // Signed out: the home screen and the sign-in dialogs.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', /./);
    await check(page, 'visitor /', found);
    await page.getByTestId('header-user').click();
    await expect(page.getByTestId('chain-picker')).toBeVisible();
    await check(page, 'visitor chain-picker', found);
    for (const [index, dialog] of [
      [0, 'email-login'],
      [1, 'password-login'],
    ] as const) {
      await page.getByTestId('chain-picker').locator('.button-row .button').nth(index).click();
      await expect(page.getByTestId(dialog)).toBeVisible();
      await check(page, `visitor ${dialog}`, found);
      await page.keyboard.press('Escape');
      await page.getByTestId('header-user').click();
    }
    await page.keyboard.press('Escape');

    // Signed in: all fifteen routes, then the dialogs each screen opens.
    await signIn(page);
    await page.reload();
    await expect(page.getByTestId('account-strip').getByTestId('header-address')).toBeVisible();
    for (const screen of SCREENS) {
      await goTo(page, screen.path);
      await check(page, screen.path, found);
    }
    await goTo(page, '/');
    await openDialog(page, page.getByTestId('open-pledge'), 'pledge-dialog', found, '/');
    await goTo(page, '/personalAssets');
    await openDialog(page, page.getByTestId('open-recharge'), 'recharge-dialog', found, '/personalAssets');
    await openDialog(page, page.getByTestId('open-withdraw'), 'withdraw-dialog', found, '/personalAssets');
    await openDialog(page, page.getByTestId('frozen-button'), 'frozen-dialog', found, '/personalAssets');
    await goTo(page, '/machine');
    await openDialog(page, page.locator('.machine-price'), 'machine-detail', found, '/machine');
    await goTo(page, '/me');
    await openDialog(page, page.getByTestId('set-password'), 'reset-password', found, '/me');
    await openDialog(page, page.getByTestId('inviter-row').getByRole('button'), 'inviter-dialog', found, '/me');
    await openDialog(page, page.getByTestId('bound-sol').getByRole('button'), 'tips-dialog', found, '/me');

    expect(found, found.join('\n')).toEqual([]);
  });
}

test('[overflow] the dev wallet page fits 360 px and says in words what its faucet sent', async ({ page }) => {
  await page.goto('/dev/wallet');
  await page.getByPlaceholder('your wallet address').fill(TEST_WALLET);
  await page.getByRole('button', { name: 'Send test tokens' }).click();
  // Amounts and currencies as a person reads them, not the answer's JSON.
  await expect(page.getByRole('status')).toHaveText(
    `Sent 1 BNB, 100 COW, 100 USDT, 100 AIDF, 100 EOEO to ${TEST_WALLET}.`,
  );
  await page.evaluate(() => document.fonts.ready);
  expect(await findOverflow(page)).toEqual([]);
});
