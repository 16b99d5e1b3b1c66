import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../routes/escape-html.ts';
import { pageSecurityPolicy } from './security-headers.ts';

/** The meta tag the web app reads its request-signature secret from (apps/web/src/config/env.ts). */
export const SIGN_SECRET_META = 'aidf-sign';

/**
 * The built index.html with this server's REQUEST_SIGN_SECRET in a meta tag, so the secret
 * is set once, on the server, and an app built with the dev default still signs what this server checks.
 * Made once at start, in memory: the .br and .gz files the build wrote next to index.html hold no secret and
 * are never sent for it; the variants here are compressed from the injected page instead.
 */
export function indexPage(distDir: string, requestSignSecret: string, connect: readonly string[]) {
  const built = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const meta = `<meta name="${SIGN_SECRET_META}" content="${escapeHtml(requestSignSecret)}" />`;
  // Before every script of the head, so it is there when the app's module (or the shell's early script) runs.
  if (!built.includes('<head>')) throw new Error('index.html has no <head> to put the request secret in');
  return htmlPage(Buffer.from(built.replace('<head>', `<head>\n    ${meta}`)), connect);
}

/**
 * Sends one HTML page kept in memory, compressed once at start by what the browser accepts, always
 * revalidated (its etag changes with each build), under its Content-Security-Policy. The web app's page and the
 * console's (console-app.ts).
 */
export function htmlPage(html: Buffer, connect: readonly string[] = []) {
  const policy = pageSecurityPolicy(html.toString('utf8'), connect);
  const variants = { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }), identity: html };
  // The page changes with the secret and with each build: revalidated every time, cheap when unchanged.
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

  return (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      .header('content-security-policy', policy)
      .header('x-frame-options', 'DENY')
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(variants[encoding]);
  };
}
