/**
 * `npm run lighthouse`: the web side of the bench alone (run.ts has it with the API and chain figures): the gzip
 * size of the JavaScript the first screen loads, and Lighthouse mobile performance of / and /machine, the built
 * app served by the real server. An optional argument measures another build's dist folder instead.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSizes } from './bundle-size.ts';
import { lighthouseScores } from './lighthouse.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const otherDist = process.argv[2];

if (!otherDist) execFileSync('npm', ['run', 'build', '-w', '@aidf/web'], { cwd: root, stdio: 'ignore' });
const dist = otherDist ? path.resolve(otherDist) : path.join(root, 'apps/web/dist');
const sizes = bundleSizes(dist);
console.log(
  `first screen JavaScript (gzip -9): ${kb(sizes.firstScreenGzip)} in ${sizes.firstScreenFiles} files (budget 120.0 KB)`,
);
for (const p of await lighthouseScores(dist)) {
  console.log(
    `Lighthouse mobile ${p.page.padEnd(9)} ${String(p.performance).padStart(3)}   LCP ${(p.lcpMs / 1000).toFixed(1)} s   TBT ${p.tbtMs.toFixed(0)} ms   ${p.transferredKb.toFixed(0)} KB transferred (budget 95)`,
  );
}
