/**
 * Draws the app's PNG icons (the web app manifest's and the Apple touch icon) from the logo, public/favicon.svg,
 * with the Chromium the e2e suite uses, so no image library joins the dependencies. Run it again when the logo
 * changes, and commit the PNGs:
 *
 *   npx tsx apps/web/build/make-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const logo = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

// The logo's parts: its gradient, its background square (the colour) and its mark (the "A").
const defs = /<defs>.*<\/defs>/s.exec(logo)?.[0];
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
const mark = /<path[^>]*\/>/s.exec(logo)?.[0];
if (!defs || !background || !mark) throw new Error('public/favicon.svg is not the logo this script knows');

/**
 * A square icon of the logo's 64-unit drawing: `full` fills the square with the background (the platform rounds or
 * crops it), otherwise the logo keeps its rounded corners; the mark is scaled by `markScale` around the centre.
 */
function iconSvg(size: number, { full, markScale }: { full: boolean; markScale: number }) {
  const shift = 32 * (1 - markScale);
  const square = full
    ? `<rect width="64" height="64" fill="${background}"/>`
    : `<rect width="64" height="64" rx="16" fill="${background}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${defs}${square}` +
    `<g transform="translate(${shift} ${shift}) scale(${markScale})">${mark}</g></svg>`
  );
}

const ICONS = [
  // The manifest's "any" icons: the logo as it is.
  { file: 'icon-192.png', size: 192, full: false, markScale: 1 },
  { file: 'icon-512.png', size: 512, full: false, markScale: 1 },
  // Maskable: the platform crops it to its own shape, keeping at least the centred circle of 80% of the width; the
  // mark (42 of 64 units high) is scaled into it.
  { file: 'icon-maskable-512.png', size: 512, full: true, markScale: 0.7 },
  // iOS rounds the corners itself and shows transparency as black: a full square, the mark a little inside.
  { file: 'apple-touch-icon.png', size: 180, full: true, markScale: 0.8 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${iconSvg(icon.size, icon)}</body></html>`,
    );
    const out = path.join(publicDir, 'icons', icon.file);
    await page.locator('svg').screenshot({ path: out, omitBackground: true });
    console.log(`${path.relative(process.cwd(), out)} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
