import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { browserRpcOrigins } from '../browser-rpc.ts';
import { sendNotFound } from './errors.ts';
import { indexPage } from './index-page.ts';
import { builtAssets } from './static-assets.ts';

const NOT_THE_APP = /^\/(v1|ops|docs|dev)(\/|$)|^\/(healthz|readyz|metrics)$/;

/**
 * Serves the built web app, and index.html for any other GET so deep links work (SPA fallback).
 * Hashed assets are cached for a year; index.html is always revalidated. Text assets go out brotli- or
 * gzip-compressed from the files the build wrote, by what the browser accepts. index.html itself is made at
 * start with this server's request secret in it (index-page.ts), never the file on disk.
 */
export const webApp = fp(async (app: FastifyInstance, opts: { distDir: string | undefined }) => {
  const distDir = opts.distDir;
  const hasApp = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  const sendIndex = hasApp ? indexPage(distDir, app.config.requestSignSecret, browserRpcOrigins(app)) : null;
  if (hasApp && sendIndex) {
    await app.register(fastifyStatic, { ...builtAssets(distDir), wildcard: true });
    // The static wildcard refuses directories, so the root page gets its own route; /index.html too, so the
    // file on disk (without the secret) is never what the browser gets.
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/index.html', { schema: { hide: true } }, sendIndex);
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (sendIndex && wantsPage && !NOT_THE_APP.test(path)) {
      return sendIndex(request, reply);
    }
    return sendNotFound(reply);
  });
});
