import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_BSC_RPC_URL, PUBLIC_SOLANA_RPC_URL } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

/** A built page as apps/web/build/app-shell.ts writes it: one early inline script, the entry as a module. */
const EARLY = "(function(){document.documentElement.dir='ltr'})()";
const APP_PAGE = `<!doctype html><html><head><title>AIDF</title><style>body{margin:0}</style><script>${EARLY}</script></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;
const CONSOLE_PAGE =
  '<!doctype html><html><head><title>AIDF Console</title></head><body><div id="root"></div></body></html>';

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null) {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('[api] the app and the console are served with a Content-Security-Policy and safe headers', () => {
  let server: TestServer;
  let webDir: string;
  let consoleDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-web-csp-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), APP_PAGE);
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'console.log(1)');
    consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-console-csp-'));
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), CONSOLE_PAGE);
    server = await startTestServer({ env: { WEB_DIST_DIR: webDir, CONSOLE_DIST_DIR: consoleDir } });
  }, 180_000);
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  it.each(['/', '/some-spa-route', '/machine?invite=abc', '/ops/', '/ops/users/42'])('%s', async (route) => {
    const res = await fetch(`${server.baseUrl}${route}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    // Only our origin and, on the app's page, its one inline script by its hash: no 'unsafe-inline', no eval.
    const onApp = !route.startsWith('/ops');
    const hash = `'sha256-${createHash('sha256').update(EARLY).digest('base64')}'`;
    expect(scripts).toEqual(onApp ? ["'self'", hash] : ["'self'"]);
    // The public RPCs the app reads the chains through: Solana's, and BNB Smart Chain's for the published reserves root.
    const rpcs = [PUBLIC_SOLANA_RPC_URL, PUBLIC_BSC_RPC_URL].map((u) => new URL(u).origin);
    expect(csp.get('connect-src')).toEqual(onApp ? ["'self'", ...rpcs] : ["'self'"]);
  });

  it('an API answer and a script carry nosniff and no referrer too', async () => {
    for (const route of ['/v1/ins/coin/config', '/assets/index-abc.js', '/healthz']) {
      const res = await fetch(`${server.baseUrl}${route}`);
      expect(res.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), route).toBe('no-referrer');
    }
  });

  it('serves the OpenAPI viewer at /docs under a policy that runs only its own files', async () => {
    const exact =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
      "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
      "frame-ancestors 'none'";
    const page = await fetch(`${server.baseUrl}/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(exact);
    const html = await page.text();
    // Nothing inline for the policy to allow: every script is a file of the viewer's, from this origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const url = new URL(src, `${server.baseUrl}/docs/`);
      expect(url.origin).toBe(server.baseUrl);
      const file = await fetch(url);
      expect(file.status, src).toBe(200);
      expect(file.headers.get('content-security-policy'), src).toBe(exact);
      await file.arrayBuffer();
    }
    // The initializer asks for the document on this origin and no outside validator.
    const init = await (await fetch(`${server.baseUrl}/docs/static/swagger-initializer.js`)).text();
    expect(init).not.toContain('validator.swagger.io');
    const document = await fetch(`${server.baseUrl}/docs/json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });
});
