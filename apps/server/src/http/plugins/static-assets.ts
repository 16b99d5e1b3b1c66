import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * What the web app and the console (console-app.ts) share when @fastify/static serves a Vite build: hashed
 * assets (under assets/) cached for a year, everything else revalidated, and the .br and .gz files the build
 * wrote next to each text asset (apps/web/build/precompress.ts) sent as they are.
 */
export function builtAssets(root: string) {
  return {
    root,
    index: false,
    // Ours alone: hashed assets for a year, everything else revalidated.
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // One URL, several encodings: caches between us and the browser must key on what it accepts.
      res.setHeader('vary', 'accept-encoding');
    },
  } satisfies FastifyStaticOptions;
}
