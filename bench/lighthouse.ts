import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig, openDatabase, prepareDatabase } from '@aidf/server';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/', '/machine'] as const;

/** Lighthouse mobile budgets: the performance score at least, the total blocking time under. */
export const LIGHTHOUSE_BUDGET = { performance: 95, tbtMs: 150 } as const;

export interface PageScore {
  /** Which build: 'this' or 'previous'. */
  build: string;
  page: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  transferredKb: number;
  /** How many runs the figures are the median of, and each run's score (performance) in run order. */
  runs: number;
  each: number[];
}

/**
 * Runs of each page and build (BENCH_LIGHTHOUSE_RUNS, 3 unless set): one run on a machine shared with other work
 * moves the score by several points, the median of three much less.
 */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * The Chromium Lighthouse drives (CHROMIUM_PATH, else Debian's). Missing, the process ends here, non-zero, saying how
 * to install it: before any build or server start, and instead of chrome-launcher's unhandled spawn error.
 */
export function chromiumOrExit(): string {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromiumPath)) return chromiumPath;
  console.error(
    `No Chromium at ${chromiumPath}: the Lighthouse figures need one. Install it with\n` +
      '  sudo apt-get install -y chromium\n' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(2);
}

async function serve(distDir: string) {
  const database = await openDatabase({ dataDir: ':memory:' });
  await prepareDatabase(database, { seedDemoData: true });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: distDir, DATA_DIR: ':memory:' }),
    database,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Lighthouse (mobile, its default simulated slow 4G and 4x CPU throttling) on the home page and /machine, served
 * by the real server from the built app (apps/web/dist) with demo data, as a first visitor sees them. With a
 * previous build's dist folder, each page of both builds in turn in the same Chromium (previous, this; page by
 * page, round after round), so that a machine busy or idle during the run weighs on both alike. Each figure is the
 * median of `runs` runs. BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's report (JSON: the trace's long tasks,
 * bootup time and main-thread breakdown, the treemap) for finding what the main thread does.
 */
export async function lighthouseScores(
  distDir = path.join(root, 'apps/web/dist'),
  previousDistDir?: string,
  runs = LIGHTHOUSE_RUNS,
): Promise<PageScore[]> {
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const chromePath = chromiumOrExit();
  const builds = [
    ...(previousDistDir ? [{ build: 'previous', server: await serve(previousDistDir) }] : []),
    { build: 'this', server: await serve(distDir) },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const samples = new Map<string, { performance: number; lcpMs: number; tbtMs: number; transferredKb: number }[]>();
    for (let run = 1; run <= runs; run++) {
      for (const page of PAGES) {
        for (const { build, server } of builds) {
          const result = await lighthouse(`${server.base}${page}`, {
            port: chrome.port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'json',
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`lighthouse gave no result for ${page}`);
          if (lhr.runtimeError) throw new Error(`lighthouse on ${page}: ${lhr.runtimeError.message}`);
          if (reports) {
            const name = `${build}-${page === '/' ? 'home' : page.slice(1)}-${run}.json`;
            fs.writeFileSync(path.join(reports, name), String(result.report));
          }
          const key = `${page}\n${build}`;
          samples.set(key, [
            ...(samples.get(key) ?? []),
            {
              performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
              lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
              tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
              transferredKb: (lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024,
            },
          ]);
        }
      }
    }
    return [...samples].map(([key, list]) => {
      const [page = '', build = ''] = key.split('\n');
      return {
        build,
        page,
        performance: median(list.map((s) => s.performance)),
        lcpMs: median(list.map((s) => s.lcpMs)),
        tbtMs: median(list.map((s) => s.tbtMs)),
        transferredKb: median(list.map((s) => s.transferredKb)),
        runs: list.length,
        each: list.map((s) => s.performance),
      };
    });
  } finally {
    chrome.kill();
    for (const { server } of builds) await server.close();
  }
}

/** The line of one page's score, with its budget. */
export function scoreLine(p: PageScore): string {
  const each = p.runs > 1 ? ` (median of ${p.runs}: ${p.each.join(', ')})` : '';
  return `${p.page.padEnd(9)} ${p.build.padEnd(8)} ${String(p.performance).padStart(3)}${each}   LCP ${(p.lcpMs / 1000).toFixed(1)} s   TBT ${p.tbtMs.toFixed(0)} ms   ${p.transferredKb.toFixed(0)} KB transferred (budget ${LIGHTHOUSE_BUDGET.performance}, TBT < ${LIGHTHOUSE_BUDGET.tbtMs} ms)`;
}

/** This build's pages that miss a budget, named with the figure missed (the previous build's are for comparison). */
export function lighthouseMisses(scores: PageScore[]): string[] {
  return scores
    .filter((p) => p.build === 'this')
    .flatMap((p) => [
      ...(p.performance < LIGHTHOUSE_BUDGET.performance
        ? [`Lighthouse mobile ${p.page}: ${p.performance} < ${LIGHTHOUSE_BUDGET.performance}`]
        : []),
      ...(p.tbtMs >= LIGHTHOUSE_BUDGET.tbtMs
        ? [`Lighthouse mobile ${p.page} TBT: ${p.tbtMs.toFixed(0)} ms ≥ ${LIGHTHOUSE_BUDGET.tbtMs} ms`]
        : []),
    ]);
}
