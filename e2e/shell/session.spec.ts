import { expect, test } from '@playwright/test';
import { e2eSession, signIn } from '../support/app.ts';

test.describe('[session] the kept sign-in', () => {
  test('a live token keeps the user signed in across reloads', async ({ page }) => {
    const session = e2eSession();
    await signIn(page);
    await page.goto('/me');
    await expect(page.getByTestId('header-user')).toHaveText(session.username);
    await page.reload();
    await expect(page.getByTestId('profile')).toContainText(session.username);
  });

  test('a token the server refuses (401) clears token and isLogin and reloads logged out', async ({ page }) => {
    const session = e2eSession();
    await signIn(page, { ...session, token: 'revoked-or-never-issued-token-000000000' });
    const reloaded = page.waitForEvent('load');
    await page.goto('/');
    await reloaded;
    await expect(page.getByTestId('header-user')).toHaveText('Not logged in');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      isLogin: localStorage.getItem('isLogin'),
      sessionToken: sessionStorage.getItem('token'),
    }));
    expect(stored).toEqual({ token: null, isLogin: 'false', sessionToken: null });
  });
});
