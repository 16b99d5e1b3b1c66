import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './test-server.ts';

describe('[api] envelope and error handler', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      extend: (app) => {
        app.post('/v1/test/boom', async () => {
          throw new Error('database password is hunter2');
        });
      },
    });
  });
  afterAll(() => server.close());

  it('answers success as { code: 200, msg, data } with a request id header', async () => {
    const res = await call(server.baseUrl, '/v1/ins/coin/config', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(200);
    expect(typeof res.json.msg).toBe('string');
    expect(Array.isArray(res.json.data)).toBe(true);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with 404 and code 1404', async () => {
    const res = await call(server.baseUrl, '/v1/no/such/call');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 1404, msg: 'Not found', data: null });
  });

  it.each([
    ['/v1/cms/content/p/0-10', 'pageNum 0'],
    ['/v1/cms/content/p/1-101', 'pageSize above 100'],
    ['/v1/cms/content/p/a-10', 'a letter as pageNum'],
    ['/v1/cms/content/p/1-1e3', 'an exponent'],
    ['/v1/cms/content/-5', 'a negative id'],
    ['/v1/cms/content/99999999999999999999', 'an id beyond bigint'],
  ])('refuses %s (%s) with 400 and code 1225', async (path) => {
    const res = await call(server.baseUrl, path);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
    expect(res.json.msg).toMatch(/^Invalid parameter/);
    expect(res.json.data).toBeNull();
  });

  it('refuses malformed JSON with 400 and code 1225, not a 500', async () => {
    const res = await call(server.baseUrl, '/v1/cms/content/p/1-10', { rawBody: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
  });

  it('refuses a JSON body with __proto__ (prototype poisoning) with 400', async () => {
    const res = await call(server.baseUrl, '/v1/cms/content/p/1-10', { rawBody: '{"__proto__":{"x":1}}' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
  });

  it('turns an unexpected failure into a 500 with a request id and no detail', async () => {
    const res = await call(server.baseUrl, '/v1/test/boom');
    expect(res.status).toBe(500);
    expect(res.json.code).toBe(500);
    expect(res.json.msg).toBe('Server internal error');
    expect(res.json.data.requestId).toBe(res.headers.get('x-request-id'));
    expect(res.text).not.toContain('hunter2');
  });

  it('serves health outside /v1 without a signature', async () => {
    const res = await fetch(`${server.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('ok');
  });
});
