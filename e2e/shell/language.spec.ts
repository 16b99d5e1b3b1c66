import { SCREENS, screenshot, signIn } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test.describe('[i18n] language choice', () => {
  test('switches to Arabic (right to left), keeps it on reload, then zhCN and back to English', async ({ page }) => {
    await page.goto('/language');
    await expect(page.getByTestId('language-list').getByRole('button')).toHaveCount(11);

    await page.getByTestId('language-ar').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('اللغة');
    expect(await page.evaluate(() => localStorage.getItem('localLan'))).toBe('ar');
    // Mirrored: the header's language pill sits on the left in right-to-left layout.
    const pill = await page.getByTestId('header-language').boundingBox();
    expect(pill?.x ?? 999).toBeLessThan(100);
    await screenshot(page, 'ar', 'language');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/');
    // Among the announcements (other specs on this server publish theirs first), the seeded welcome in Arabic.
    await expect(
      page.getByTestId('announcement-list').getByRole('heading', { name: 'مرحبًا بك في AIDF', exact: true }),
    ).toBeVisible();
    await screenshot(page, 'ar', 'home-visitor');

    await page.goto('/language');
    await page.getByTestId('language-zhCN').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('语言');
    await page.goto('/');
    await expect(
      page.getByTestId('announcement-list').getByRole('heading', { name: '欢迎来到 AIDF', exact: true }),
    ).toBeVisible();
    await screenshot(page, 'zhCN', 'home-visitor');

    await page.goto('/language');
    await page.getByTestId('language-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Language');
    expect(await page.evaluate(() => localStorage.getItem('localLan'))).toBe('en');
  });

  test('every screen in Arabic lays out right to left', async ({ page }) => {
    await signIn(page);
    await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
        screen.title === 'AIDF' ? 'x' : screen.title,
      );
      await screenshot(page, 'ar', screen.name);
    }
  });

  test('every screen in simplified Chinese, with no English title left', async ({ page }) => {
    await signIn(page);
    await page.addInitScript(() => localStorage.setItem('localLan', 'zhCN'));
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
        screen.title === 'AIDF' ? 'x' : screen.title,
      );
      await screenshot(page, 'zhCN', screen.name);
    }
  });
});
