import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ENDPOINTS, toFastifyPath } from '@aidf/contract';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';

const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 17}`))};`;

describe('[api] platform: migrations, OpenAPI, web app, token config', () => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aidf-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>AIDF</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build's precompress step writes next to each text asset.
    const script = path.join(distDir, 'assets', 'app-def456.js');
    fs.writeFileSync(script, BIG_SCRIPT);
    fs.writeFileSync(`${script}.br`, brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(`${script}.gz`, gzipSync(BIG_SCRIPT));
    server = await startTestServer({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('applies migrations once: a second run changes nothing', async () => {
    expect(await migrate(server.database)).toEqual([]);
  });

  it('has every column the query layer expects, with the same nullability', async () => {
    const result = await server.database.db.execute(
      sql`SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      table_name: string;
      column_name: string;
      is_nullable: string;
    }[];
    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.is_nullable === 'NO']));
    for (const table of Object.values(schema)) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        expect(actual.get(`${config.name}.${column.name}`), `${config.name}.${column.name}`).toBe(column.notNull);
      }
    }
  });

  it('publishes OpenAPI generated from the contract at /docs', async () => {
    const res = await fetch(`${server.baseUrl}/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/ins/coin/config', '/v1/cms/content/p/{pageNum}-{pageSize}', '/v1/cms/content/{id}']),
    );
    // The document is the handbook of every call (docs/api.md): each declared call is in it, with its summary.
    const paths = doc.paths as Record<string, Record<string, { summary?: string }>>;
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect(paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.summary, name).toBe(endpoint.summary);
    }
    expect((await fetch(`${server.baseUrl}/docs`)).status).toBe(200);
  });

  it('serves the web app and answers deep links with index.html', async () => {
    for (const route of ['/', '/machine', '/announcementdetails?id=1', '/personalAssets']) {
      const res = await fetch(`${server.baseUrl}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      // The server's own request-signing secret, for the app to sign with.
      expect(await res.text(), route).toContain(
        `<meta name="aidf-sign" content="${server.app.config.requestSignSecret}"`,
      );
    }
    const asset = await fetch(`${server.baseUrl}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const method of ['GET', 'POST'] as const) {
      const api = await call(server.baseUrl, '/v1/unknown', { method });
      expect(api.status).toBe(404);
      expect(api.json.code).toBe(1404);
    }
  });

  it('sends the precompressed asset the browser accepts: brotli, else gzip, else the file itself', async () => {
    const url = `${server.baseUrl}/assets/app-def456.js`;
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(url, { headers: { 'accept-encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await res.text()).toBe(BIG_SCRIPT); // fetch decodes what it was sent
    }
    // The raw bytes on the wire are the brotli file's.
    const raw = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    const wire = Number(raw.headers.get('content-length'));
    expect(wire).toBe(brotliCompressSync(BIG_SCRIPT).length);
    expect(wire).toBeLessThan(BIG_SCRIPT.length / 4);
  });

  it('serves the token config of every chain with decimals', async () => {
    const res = await call(server.baseUrl, '/v1/ins/coin/config', { method: 'GET' });
    expect(res.json.data).toEqual([]);
    const { DEFAULT_TOKEN_CONFIG } = await import('../src/domain/coin-config/token-config.ts');
    await server.repos.tokenConfigs.insertMissing(DEFAULT_TOKEN_CONFIG);
    const seeded = await call(server.baseUrl, '/v1/ins/coin/config', { method: 'GET' });
    expect(seeded.json.data).toContainEqual(
      expect.objectContaining({ chainCurrency: 'bnb', currency: 'aidf', decimals: 18 }),
    );
    expect(seeded.json.data).toContainEqual(
      expect.objectContaining({ chainCurrency: 'sol', currency: 'usdt', decimals: 6 }),
    );
  });

  it('serves every call of the contract at its method and path', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const url = toFastifyPath(endpoint.path);
      expect(url, name).not.toContain('{');
      expect(server.app.hasRoute({ method: endpoint.method, url }), `${name}: ${endpoint.method} ${url}`).toBe(true);
    }
  });
});
