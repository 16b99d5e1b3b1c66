import { e2eSession, signIn } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

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
    // window.name survives a reload, and an init script runs once in every new document: this counts the
    // documents the tab has had, so the test knows the app's own reload after the 401 has happened.
    await page.addInitScript(() => {
      window.name = String(Number(window.name || '0') + 1);
    });
    await page.goto('/');
    // Retried as a whole: until the reload has committed, the page may still be the first document or be
    // navigating (which destroys the evaluate's context).
    await expect(async () => {
      const seen = await page.evaluate(() => ({
        documents: window.name,
        token: localStorage.getItem('token'),
        isLogin: localStorage.getItem('isLogin'),
        sessionToken: sessionStorage.getItem('token'),
      }));
      expect(seen).toEqual({ documents: '2', token: null, isLogin: 'false', sessionToken: null });
    }).toPass();
    await expect(page.getByTestId('header-user')).toHaveText('Not logged in');
    expect(await page.evaluate(() => window.name)).toBe('2');
  });
});
