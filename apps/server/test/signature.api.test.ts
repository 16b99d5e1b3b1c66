import { DEV_REQUEST_SIGN_SECRET, HEADERS, requestSignature } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './test-server.ts';

const LIST = '/v1/cms/content/p/1-10';

describe('[api] request signature and timestamp', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('accepts a request signed with md5(path + body + timestamp + secret)', async () => {
    const res = await call(server.baseUrl, LIST, { body: {} });
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(200);
  });

  it('computes the signature exactly as ARCHITECTURE.md says (hand-built headers)', async () => {
    const timestamp = String(Date.now());
    const path = '/v1/ins/coin/config?x=1';
    const { createHash } = await import('node:crypto');
    const signature = createHash('md5').update(`${path}${timestamp}${DEV_REQUEST_SIGN_SECRET}`).digest('hex');
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { timestamp, signature } });
    expect(res.status).toBe(200);
  });

  it('refuses a request without signature and timestamp', async () => {
    const res = await call(server.baseUrl, LIST, { unsigned: true });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
  });

  it('refuses a wrong signature', async () => {
    const res = await call(server.baseUrl, LIST, { headers: { [HEADERS.signature]: '0'.repeat(32) } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
  });

  it('refuses a signature made with another secret', async () => {
    const res = await call(server.baseUrl, LIST, { secret: 'not-the-server-secret' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
  });

  it('refuses a body changed after signing', async () => {
    const timestamp = String(Date.now());
    const signature = requestSignature({
      pathWithQuery: LIST,
      body: '{"a":1}',
      timestamp,
      secret: DEV_REQUEST_SIGN_SECRET,
    });
    const res = await fetch(`${server.baseUrl}${LIST}`, {
      method: 'POST',
      headers: { timestamp, signature, 'content-type': 'application/json' },
      body: '{"a":2}',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(1225);
  });

  it('refuses a query string changed after signing', async () => {
    const timestamp = String(Date.now());
    const signature = requestSignature({
      pathWithQuery: '/v1/ins/coin/config?a=1',
      body: '',
      timestamp,
      secret: DEV_REQUEST_SIGN_SECRET,
    });
    const res = await fetch(`${server.baseUrl}/v1/ins/coin/config?a=2`, { headers: { timestamp, signature } });
    expect(res.status).toBe(400);
  });

  it.each([
    ['6 minutes old', -6 * 60_000],
    ['6 minutes ahead', 6 * 60_000],
  ])('refuses a timestamp %s', async (_, offset) => {
    const res = await call(server.baseUrl, LIST, { timestamp: Date.now() + offset });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
    expect(res.json.msg).toContain('5 minutes');
  });

  it('accepts a timestamp 4 minutes old', async () => {
    const res = await call(server.baseUrl, LIST, { timestamp: Date.now() - 4 * 60_000 });
    expect(res.status).toBe(200);
  });

  it('uses the REQUEST_SIGN_SECRET setting', async () => {
    const other = await startTestServer({ env: { REQUEST_SIGN_SECRET: 'a-different-secret-of-ours' } });
    try {
      expect((await call(other.baseUrl, LIST)).status).toBe(400);
      expect((await call(other.baseUrl, LIST, { secret: 'a-different-secret-of-ours' })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
