import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * On every answer: no content sniffing (a file is only ever what its type says) and no referrer (an invite
 * link's code or a page's path never leaves for another site). A route that set its own value keeps it.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
  });
});

/** The 'sha256-…' source of each inline script of a page (a <script> without src). */
export function inlineScriptHashes(html: string): string[] {
  const inline = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  return [...html.matchAll(inline)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The Content-Security-Policy of a page of ours (the app, the console): scripts only from this origin and the
 * page's own inline scripts by their hash (the app's early script, apps/web/build/app-shell.ts), requests only to
 * this origin and `connect` (the Solana RPC the app talks to), never framed. Styles may be inline: the page
 * carries its stylesheet and React sets style attributes; a style cannot run code. Wallet extensions inject
 * their providers from their own scripts, which a page's policy does not govern.
 */
export function pageSecurityPolicy(html: string, connect: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
