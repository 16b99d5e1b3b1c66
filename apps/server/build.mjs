// The production build of the server: one ES-module bundle per entry in dist/, so a
// production start runs compiled JavaScript with plain `node`, no TypeScript at run time.
// The workspace's own packages export their .ts sources, so @aidf/contract is bundled in; every other package
// stays an import of node_modules (native and WASM parts such as sharp and PGlite must load from their own
// folders). @aidf/devchain is left out: the dev chains run under `npm start` (tsx), never in production.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// `--outdir <dir>` for the test that builds and starts it (test/compiled-start.api.test.ts); dist/ otherwise.
const given = process.argv.indexOf('--outdir');
const outdir = given > 0 ? path.resolve(process.argv[given + 1] ?? '') : path.join(here, 'dist');
const BUNDLED = /^@aidf\/contract(\/|$)/;
// `--replace <file.json>` ({ "<absolute source path>": "<its replacement text>" }): a mutant build for the fault
// harness's planted-bug tests, which prove an invariant catches the bug; never used for a build that ships.
const replaceArg = process.argv.indexOf('--replace');
const replacements = replaceArg > 0 ? JSON.parse(fs.readFileSync(process.argv[replaceArg + 1] ?? '', 'utf8')) : {};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts', operator: 'src/cli/operator.ts', 'deposit-keys': 'src/cli/deposit-keys.ts' },
  outdir,
  bundle: true,
  // Chunks, so the dev modules main.ts imports only beside the dev chains stay out of a production start.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'replace-sources',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) =>
          args.path in replacements ? { contents: replacements[args.path], loader: 'ts' } : undefined,
        );
      },
    },
    {
      name: 'node-modules-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { external: true }));
      },
    },
  ],
});
// src/db/migrate.ts reads the SQL beside itself: next to the bundle, that is dist/migrations.
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`server built into ${path.relative(process.cwd(), outdir) || '.'}`);
