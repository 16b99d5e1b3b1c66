import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What must never reach the production bundle: the dev chains and dev wallets, the server (its
 * dev mailbox, dev wallet routes and seeds live there), the end-to-end suite with its fake wallets, tests and
 * their tooling. Paths are relative to the repository, with '/' separators.
 */
export const DEV_ONLY: { pattern: RegExp; what: string }[] = [
  { pattern: /^packages\/devchain\//, what: 'the dev chains' },
  { pattern: /^apps\/server\//, what: 'server code (dev mailbox, dev wallets, seeds)' },
  { pattern: /^e2e\//, what: 'the end-to-end suite and its wallets' },
  { pattern: /^bench\//, what: 'the benchmarks' },
  // Our folders only: a package may well have a folder named dev in what it ships.
  { pattern: /^(?!(.*\/)?node_modules\/)(.*\/)?(dev|mocks?|fixtures|test)\//, what: 'a dev-only folder' },
  { pattern: /\.(test|spec)\.[cm]?[jt]sx?$/, what: 'a test' },
  {
    pattern:
      /node_modules\/(@testing-library|jsdom|vitest|@vitest|@playwright|playwright|fast-check|@aidf\/devchain)\//,
    what: 'test tooling',
  },
];

/** The modules of `ids` (absolute paths, as Rollup has them) that are dev-only, each with the reason. */
export function devModulesIn(ids: Iterable<string>, repoRoot: string): string[] {
  const found: string[] = [];
  for (const id of ids) {
    // Virtual modules (\0…) and query suffixes (?worker) are not files of ours.
    if (id.startsWith('\0')) continue;
    const file = id.split('?')[0] ?? id;
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    if (rel.startsWith('..')) continue;
    const hit = DEV_ONLY.find(({ pattern }) => pattern.test(rel));
    if (hit) found.push(`${rel} (${hit.what})`);
  }
  return found;
}

/**
 * Fails the build when a dev-only module is in the production import graph, whatever imported it: a stray
 * import of a dev wallet is caught here, not in production.
 */
export function noDevModules(options: { repoRoot?: string } = {}): Plugin {
  let repoRoot = options.repoRoot ?? '';
  return {
    name: 'aidf-no-dev-modules',
    apply: 'build',
    configResolved(config) {
      // apps/web is two levels below the repository.
      repoRoot ||= path.resolve(config.root, '../..');
    },
    generateBundle() {
      const found = devModulesIn(this.getModuleIds(), repoRoot);
      if (found.length > 0) {
        this.error(`dev-only modules in the production bundle:\n  ${found.join('\n  ')}`);
      }
    },
  };
}
