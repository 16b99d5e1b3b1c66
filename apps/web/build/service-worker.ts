import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The service worker's source; `self.__AIDF_SHELL__` in it becomes the build's shell. */
const SOURCE = 'src/service-worker.js';
const PLACEHOLDER = 'self.__AIDF_SHELL__';
/** What the worker must never keep: the API, the console, the server's own pages (web-app.ts NOT_THE_APP). */
const NEVER_IN_SHELL = /^\/(v1|ops|docs|dev)(\/|$)|^\/(healthz|readyz|metrics)$/;

async function filesUnder(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes /sw.js, the app's service worker (src/service-worker.js), with the files of this build's app shell: the
 * page ('/'), every file of the bundle under assets/ (the entry, each screen's chunk, the stylesheets and every
 * language's messages, so any screen starts offline, about 400 KB compressed) and the public files (manifest,
 * icons). Its version is a hash of all of them: a new build is a new worker, which replaces the previous one and
 * its cache.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'aidf-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const built = Object.values(bundle)
        .filter((file) => file.fileName.startsWith('assets/'))
        .sort((a, b) => a.fileName.localeCompare(b.fileName));
      for (const file of built) hash.update(file.fileName);
      // index.html is not hashed: its text goes into the version (the bundle has it by now, after Vite's html plugin).
      const page = bundle['index.html'];
      if (page?.type === 'asset') hash.update(page.source);
      const publicFiles = (await filesUnder(publicDir)).sort();
      for (const file of publicFiles) hash.update(path.relative(publicDir, file)).update(fs.readFileSync(file));
      const source = fs.readFileSync(path.join(root, SOURCE), 'utf8');
      hash.update(source);

      const files = [
        '/',
        ...built.map((file) => `/${file.fileName}`),
        ...publicFiles.map((file) => `/${path.relative(publicDir, file).split(path.sep).join('/')}`),
      ];
      const wrong = files.filter((file) => NEVER_IN_SHELL.test(file));
      if (wrong.length > 0) this.error(`service worker: server paths in the app shell: ${wrong.join(', ')}`);
      if (!source.includes(PLACEHOLDER)) this.error(`service worker: ${SOURCE} has no ${PLACEHOLDER}`);
      const shell = { version: hash.digest('base64url').slice(0, 16), files };
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: source.replace(PLACEHOLDER, JSON.stringify(shell)) });
    },
  };
}
