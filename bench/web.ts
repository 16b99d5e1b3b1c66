/**
 * `npm run lighthouse`: the web side of the bench alone (run.ts has it with the API and chain figures): the gzip
 * size of the JavaScript the first screen loads, and Lighthouse mobile performance of / and /machine, the built
 * app served by the real server. An optional argument, another build's dist folder (the previous build's), is
 * measured side by side with this one, page by page in the same run. Exits non-zero naming each budget missed.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSizes, FIRST_SCREEN_BUDGET } from './bundle-size.ts';
import { chromiumOrExit, lighthouseMisses, lighthouseScores, scoreLine } from './lighthouse.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const previousDist = process.argv[2] ?? process.env.BENCH_PREVIOUS_DIST;

chromiumOrExit();
execFileSync('npm', ['run', 'build', '-w', '@aidf/web'], { cwd: root, stdio: 'ignore' });
const dist = path.join(root, 'apps/web/dist');
const sizes = bundleSizes(dist);
console.log(
  `first screen JavaScript (gzip -9): ${kb(sizes.firstScreenGzip)} in ${sizes.firstScreenFiles} files (budget ${kb(FIRST_SCREEN_BUDGET)})`,
);
const scores = await lighthouseScores(dist, previousDist ? path.resolve(previousDist) : undefined);
for (const p of scores) console.log(`Lighthouse mobile ${scoreLine(p)}`);
const misses = [
  ...(sizes.firstScreenGzip > FIRST_SCREEN_BUDGET
    ? [`first screen JavaScript: ${kb(sizes.firstScreenGzip)} > ${kb(FIRST_SCREEN_BUDGET)}`]
    : []),
  ...lighthouseMisses(scores),
];
for (const miss of misses) console.log(`OVER BUDGET: ${miss}`);
process.exit(misses.length > 0 ? 1 : 0);
