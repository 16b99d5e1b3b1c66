import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Nginx, startNginx } from './nginx.ts';

/** A loopback port nothing listens on: taken from the kernel, then closed. */
async function deadAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

describe('the nginx configuration docs/deployment.md gives operators', () => {
  let nginx: Nginx;
  beforeAll(async () => {
    nginx = await startNginx([await deadAddress(), await deadAddress()]);
  });
  afterAll(() => nginx?.stop());

  it('answers 503 with Retry-After in the envelope when no instance answers, never its own 502', async () => {
    for (const [method, path] of [
      ['GET', '/v1/cms/content/p/1-10'],
      ['POST', '/v1/oms/assets/transfer'],
    ] as const) {
      const res = await fetch(`${nginx.url}${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 503, data: null });
    }
  });
});
