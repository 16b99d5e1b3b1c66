import { expect, type Page, test } from '../support/test.ts';

/** The animation each moving part of the app would run, read from the app's own stylesheet. */
const animations = (page: Page) =>
  page.evaluate(() => {
    const names: Record<string, string> = {};
    for (const className of ['spinner', 'skeleton-block', 'frame-block', 'dialog-backdrop', 'dialog']) {
      const element = document.createElement('div');
      element.className = className;
      document.body.append(element);
      names[className] = getComputedStyle(element).animationName;
      element.remove();
    }
    return names;
  });

test('[shell] asked for less motion, spinners, skeletons and sheets stand still; otherwise they move', async ({
  page,
}) => {
  // Every spec's browser asks for less motion (playwright.config.ts); this one also looks at a browser that does not.
  await page.goto('/');
  await expect(page.getByTestId('connect-wallet')).toBeVisible();
  expect(await animations(page)).toEqual({
    spinner: 'none',
    'skeleton-block': 'none',
    'frame-block': 'none',
    'dialog-backdrop': 'none',
    dialog: 'none',
  });

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await animations(page)).toEqual({
    spinner: 'spin',
    'skeleton-block': 'shimmer',
    'frame-block': 'frame-shine',
    'dialog-backdrop': 'fade-in',
    dialog: 'slide-up',
  });
});
