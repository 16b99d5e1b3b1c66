import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig, openDatabase, prepareDatabase } from '@aidf/server';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/', '/machine'] as const;

export interface PageScore {
  page: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  transferredKb: number;
}

/**
 * Lighthouse (mobile, its default simulated slow 4G and 4x CPU throttling) on the home page and /machine, served
 * by the real server from the built app (apps/web/dist) with demo data, as a first visitor sees them.
 */
export async function lighthouseScores(distDir = path.join(root, 'apps/web/dist')): Promise<PageScore[]> {
  const database = await openDatabase({ dataDir: ':memory:' });
  await prepareDatabase(database, { seedDemoData: true });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: distDir,
      DATA_DIR: ':memory:',
    }),
    database,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const scores: PageScore[] = [];
    for (const page of PAGES) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${page}`);
      if (lhr.runtimeError) throw new Error(`lighthouse on ${page}: ${lhr.runtimeError.message}`);
      scores.push({
        page,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        transferredKb: (lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024,
      });
    }
    return scores;
  } finally {
    chrome.kill();
    await app.close();
    await database.close();
  }
}
