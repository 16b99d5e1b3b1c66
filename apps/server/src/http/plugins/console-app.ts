import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.ts';
import { htmlPage } from './index-page.ts';
import { builtAssets } from './static-assets.ts';

/**
 * The operator console (apps/console) at /ops/: its hashed assets under /ops/assets/, and its
 * index.html for /ops and every deep link such as /ops/users/42. /ops/v1/ stays the API: a path there that no
 * route answers gets the API's 404, never the page. The console calls only /ops/v1, which is not signed, so
 * its page carries no request secret.
 */
export const consoleApp = fp(async (app: FastifyInstance, opts: { distDir: string | undefined }) => {
  const distDir = opts.distDir;
  if (distDir === undefined || !fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'console not built: /ops/ serves only the operator API');
    return;
  }
  const sendIndex = htmlPage(fs.readFileSync(path.join(distDir, 'index.html')));
  await app.register(fastifyStatic, {
    ...builtAssets(path.join(distDir, 'assets')),
    prefix: '/ops/assets/',
    // The web app's registration already decorates reply.sendFile.
    decorateReply: false,
  });
  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/ops/v1/') || url === '/ops/v1') return sendNotFound(reply);
    return sendIndex(request, reply);
  };
  app.get('/ops', { schema: { hide: true } }, page);
  app.get('/ops/', { schema: { hide: true } }, page);
  app.get('/ops/*', { schema: { hide: true } }, page);
});
