import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.ts';

function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

const NOT_THE_APP = /^\/(v1|ops|docs|dev)(\/|$)|^\/healthz$/;

/**
 * Serves the built web app, and index.html for any other GET so deep links work (SPA fallback).
 * Hashed assets are cached for a year; index.html is always revalidated. Text assets go out brotli- or
 * gzip-compressed from the files the build wrote, by what the browser accepts.
 */
export const webApp = fp(async (app: FastifyInstance, opts: { distDir: string | undefined }) => {
  const distDir = opts.distDir;
  const hasApp = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // Ours alone: hashed assets for a year, everything else revalidated.
      cacheControl: false,
      wildcard: true,
      // The build writes .br and .gz next to each text asset (apps/web/build/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // One URL, several encodings: caches between us and the browser must key on what it accepts.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // The static wildcard refuses directories, so the root page gets its own route.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasApp && wantsPage && !NOT_THE_APP.test(path)) {
      return sendIndex(reply);
    }
    return sendNotFound(reply);
  });
});
