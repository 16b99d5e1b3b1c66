import { e2eSession, SCREENS, screenshot, signIn, TEST_WALLET } from '../support/app.ts';
import { expect, test } from '../support/test.ts';
import { expectToast } from '../support/toasts.ts';

test.describe('[shell] routes, header and tab bar', () => {
  test('a first visit shows the home screen in English with announcements, not logged in', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AIDF');
    await expect(page.getByTestId('header-user')).toHaveText('Not logged in');
    await expect(page.getByTestId('header-language')).toContainText('English');
    const list = page.getByTestId('announcement-list');
    // The seeded announcements (a spec on the same server may have published one of its own before them).
    for (const title of ['Welcome to AIDF', 'Pledge periods and rates', 'Withdrawal schedule']) {
      await expect(list.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('tab-bar')).toBeVisible();
    await screenshot(page, 'en', 'home-visitor');
  });

  test('a signed-in user opens all fifteen routes; the tab bar shows only on the four tabs', async ({ page }) => {
    const session = e2eSession();
    await signIn(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 }), screen.path).toHaveText(screen.title);
      await expect(page.getByTestId('tab-bar'), screen.path).toHaveCount(screen.tabBar ? 1 : 0);
      await expect(page.getByTestId('header-user')).toHaveText(session.username);
      await expect(page.getByTestId('header-address')).toHaveText(
        `${TEST_WALLET.slice(0, 4)}****${TEST_WALLET.slice(-4)}`,
      );
      await expect(page.getByRole('img', { name: 'BNB Smart Chain' })).toBeVisible();
      await screenshot(page, 'en', screen.name);
    }
  });

  test('the bill screen has a back arrow, other screens a cross, the personal screen a feedback icon', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/me');
    await page.getByTestId('header-tickets').click();
    await expect(page).toHaveURL(/\/problemfeedback$/);
    await expect(page.getByTestId('header-back')).toHaveCount(0);
    await page.getByTestId('header-close').click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/me');
    await page.getByRole('link', { name: 'Bill' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bill');
    await expect(page.getByTestId('header-close')).toHaveCount(0);
    await page.getByTestId('header-back').click();
    await expect(page).toHaveURL(/\/me$/);
  });

  test('a visitor on a protected route is sent to / and asked to log in', async ({ page }) => {
    for (const screen of SCREENS.filter((s) => s.protected)) {
      await page.goto(screen.path);
      await expect(page, screen.path).toHaveURL(/\/$/);
      await expectToast(page, 'Please login first');
    }
  });

  test('the invite parameter is carried across tabs and the swap tab opens in a new tab', async ({ page }) => {
    await page.goto('/?invite=alice42');
    // Once the first screen has settled, the machine tab's screen is fetched in an idle moment (its link is in
    // view), so the tap opens it at once: the screen's loading placeholder (the hero skeleton) never shows.
    await expect(page.getByTestId('announcement-list').getByRole('heading').first()).toBeVisible();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/MachineScreen-[^/]*\.js$/.test(entry.name)),
    );
    await page.evaluate(() => {
      const seen = () => document.querySelector('.skeleton-hero') !== null;
      new MutationObserver(() => {
        if (seen()) document.body.dataset.placeholderSeen = 'yes';
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('tab-2').click();
    await expect(page).toHaveURL(/\/machine\?invite=alice42$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI miner');
    expect(await page.evaluate(() => document.body.dataset.placeholderSeen)).toBeUndefined();
    await page.getByTestId('tab-4').click();
    await expect(page).toHaveURL(/\/ecology\?invite=alice42$/);
    await page.getByTestId('tab-1').click();
    await expect(page).toHaveURL(/\/\?invite=alice42$/);
    const swap = page.getByTestId('tab-swap');
    await expect(swap).toHaveAttribute('target', '_blank');
    await expect(swap).toHaveAttribute('href', /^https:\/\//);
    await expect(swap).toHaveAttribute('rel', /noopener/);
  });

  test('an unknown path shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('This page does not exist.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
