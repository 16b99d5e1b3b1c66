import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip -9 bytes of the JavaScript the first screen loads (entry and home screen with their imports), at most. */
export const FIRST_SCREEN_BUDGET = 110 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  src?: string;
}

/** gzip sizes from Vite's manifest: what the first screen loads, and the heaviest route. */
export function bundleSizes(distDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const sum = (keys: Set<string>) => [...keys].reduce((n, k) => n + gz(manifest[k]?.file ?? ''), 0);

  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const home = Object.keys(manifest).find((k) => k.endsWith('HomeScreen.tsx'));
  if (!entry || !home) throw new Error('manifest has no entry or home screen');
  const firstScreen = closure(home, closure(entry));

  const routes = Object.keys(manifest)
    .filter((k) => manifest[k]?.isDynamicEntry && /Screen\.tsx$|NotFound\.tsx$/.test(k))
    .map((k) => ({ route: k, own: gz(manifest[k]?.file ?? '') }))
    .sort((a, b) => b.own - a.own);
  return { firstScreenGzip: sum(firstScreen), firstScreenFiles: firstScreen.size, largestRoute: routes[0] };
}
