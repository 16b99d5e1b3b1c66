import { screenshot } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

test.describe('[announcements] reading news', () => {
  test('opens an announcement from the home list and reads it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Withdrawal schedule/ }).click();
    await expect(page).toHaveURL(/\/announcementdetails\?id=\d+$/);
    const article = page.getByTestId('announcement-detail');
    await expect(article.getByRole('heading')).toHaveText('Withdrawal schedule');
    await expect(article).toContainText('COW can be withdrawn twice per day.');
    await screenshot(page, 'en', 'announcementdetails-open');
  });

  test('shows the announcement in the chosen language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('localLan', 'ar'));
    await page.goto('/');
    await page.getByTestId('announcement-list').getByRole('link').last().click();
    await expect(page.getByTestId('announcement-detail')).toContainText('يمكن سحب COW مرتين يوميًا');
    await screenshot(page, 'ar', 'announcementdetails-open');
  });

  test('an unknown announcement says so', async ({ page }) => {
    await page.goto('/announcementdetails?id=999999');
    await expect(page.getByText('This announcement does not exist or is no longer available.')).toBeVisible();
  });
});
