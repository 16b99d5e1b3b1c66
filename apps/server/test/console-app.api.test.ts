import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const PAGE = '<!doctype html><html><head><title>AIDF Console</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `op${i % 13}`))};`;

describe('[api] the operator console is served at /ops/', () => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-console-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), PAGE);
    const script = path.join(distDir, 'assets', 'index-abc123.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    server = await startTestServer({ env: { CONSOLE_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('answers /ops, /ops/ and deep links such as /ops/users with the console page, always revalidated', async () => {
    for (const route of ['/ops', '/ops/', '/ops/users', '/ops/users/42?tab=orders', '/ops/audit']) {
      const res = await fetch(`${server.baseUrl}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toContain('text/html');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(await res.text(), route).toBe(PAGE);
    }
  });

  it('sends hashed assets precompressed with a year of cache', async () => {
    const res = await fetch(`${server.baseUrl}/ops/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe(SCRIPT);
    const missing = await fetch(`${server.baseUrl}/ops/assets/nothing-here.js`);
    expect(missing.status).toBe(404);
  });

  it('keeps /ops/v1 the API: JSON answers, and the API 404 for a path no route has', async () => {
    const me = await fetch(`${server.baseUrl}/ops/v1/auth/me`, {
      headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-type')).toContain('application/json');
    expect(await me.json()).toMatchObject({ code: 200, data: { username: 'cli', role: 'admin' } });

    const anonymous = await fetch(`${server.baseUrl}/ops/v1/auth/me`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401 });

    const unknown = await fetch(`${server.baseUrl}/ops/v1/no-such-route`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
  });

  it('is not the web app: the user app is not served at /ops', async () => {
    const page = await fetch(`${server.baseUrl}/`);
    // WEB_DIST_DIR is not set in this test: only the console's page exists, and never at the root.
    expect(page.status).toBe(404);
  });
});
