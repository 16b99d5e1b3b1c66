import { expect, test } from '../support/test.ts';

test.describe('[shell] first load', () => {
  test('the page paints the brand and its styles itself before the app runs, and asks for the screen and its words at once', async ({
    page,
    request,
  }) => {
    // The frame index.html paints: the brand drawn inline (a contentful first paint, no request needed).
    const html = await (await request.get('/machine')).text();
    const frame = /<div id="root">(.*?)<\/main>/s.exec(html)?.[1] ?? '';
    expect(frame).toContain('class="brand-mark"><svg');
    expect(frame).not.toContain('<img');
    // The app's stylesheet comes with the page: the frame's paint waits for no request.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(/<style>(.*?)<\/style>/s.exec(html)?.[1]).toContain('.app-column');

    // A returning visitor who chose Chinese, opening the miner: its chunk, all of English and the Chinese words
    // are asked for by index.html itself, beside the app's entry.
    await page.addInitScript(() => window.localStorage.setItem('localLan', 'zhCN'));
    await page.goto('/machine');
    const early = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')).map(
        (l) => `${l.rel} ${l.as} ${new URL(l.href).pathname}`,
      ),
    );
    expect(early).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^modulepreload {2}\/assets\/MachineScreen-[\w-]+\.js$/),
        expect.stringMatching(/^preload fetch \/assets\/en-[\w-]+\.json$/),
        expect.stringMatching(/^modulepreload {2}\/assets\/zhCN-[\w-]+\.js$/),
      ]),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI 矿机');
  });
});
