import { screenshot } from '../support/app.ts';
import { findOverflow } from '../support/overflow.ts';
import { expect, type Page, test } from '../support/test.ts';
import { addOperator, CONSOLE_LANGUAGES, consoleSignIn, consoleTexts, retireOperator } from './operators.ts';

// The playwright config's phone (390 x 844, touch): the console lays out at the device's width, not a desktop's.
const SECTIONS = [
  'dashboard',
  'users',
  'credits',
  'payouts',
  'treasury',
  'tickets',
  'config',
  'announcements',
  'operators',
  'audit',
] as const;

/** The page is as wide as the phone, and nothing on it is clipped or sticks out (tables scroll in their frame). */
async function expectFits(page: Page) {
  expect(await page.evaluate(() => window.innerWidth)).toBe(390);
  expect(await findOverflow(page)).toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

for (const language of CONSOLE_LANGUAGES) {
  test(`[console] every section fits a phone's width, reached from the menu by touch and by keyboard (${language.code})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = consoleTexts(language);
    const shots = `console-${language.code}`;
    await page.addInitScript((l) => localStorage.setItem('aidf-console-language', l), language.stored);
    await page.goto('/ops/');
    await expect(page.getByRole('heading', { name: t('signin.title') })).toBeVisible();
    await expectFits(page);
    await screenshot(page, shots, 'phone-signin');

    const admin = await addOperator(baseURL as string, `ph-${language.code.toLowerCase()}${Date.now() % 1e6}`, 'admin');
    try {
      await consoleSignIn(page, language, admin, 30_000);
      const menu = page.getByRole('navigation', { name: t('shell.navigation') });
      for (const section of SECTIONS) {
        const link = menu.getByRole('link', { name: t(`shell.nav.${section}`) });
        // Every link lies within the screen's width to be touched: none past the edge of a sideways-scrolling bar.
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, `${section} link at ${JSON.stringify(box)}`).toBe(true);
        await link.tap();
        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('heading', { name: t(`${section}.title`), level: 1 })).toBeVisible();
        await screenshot(page, shots, `phone-${section}`);
        await expectFits(page);
        if (section === 'config') {
          // The price item's editor, a form of its own over a table of before and after, fits too.
          const change = new RegExp(`^${t('config.item.changeOne', { id: 'ID' }).replace('ID', '\\d+')}$`);
          await page.getByRole('button', { name: change }).first().tap();
          const title = new RegExp(`^${t('config.item.editTitle', { id: 'ID' }).replace('ID', '\\d+')}$`);
          await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
          await screenshot(page, shots, 'dialog-phone-price-item');
          await expectFits(page);
        }
      }

      // The keyboard reaches the menu too: a focused link opens its section with Enter.
      const dashboard = menu.getByRole('link', { name: t('shell.nav.dashboard') });
      await dashboard.focus();
      await page.keyboard.press('Enter');
      await expect(dashboard).toHaveAttribute('aria-current', 'page');
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: t('shell.nav.users') })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('link', { name: t('shell.nav.users') })).toHaveAttribute('aria-current', 'page');
    } finally {
      await retireOperator(baseURL as string, admin);
    }
  });
}
