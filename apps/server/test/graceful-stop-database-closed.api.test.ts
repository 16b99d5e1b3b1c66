import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/http/app.ts';
import { RETRY_AFTER_SECONDS } from '../src/http/plugins/errors.ts';
import { call, freshDatabase } from './test-server.ts';

/**
 * A graceful stop closes the database (the pool's end, or PGlite's close) once the requests are answered. A request
 * still running then, whose client went away or that is between two of its transactions, reaches a closed database:
 * the client is told to ask again (503 with Retry-After, on another instance), never 500.
 */
describe('a request reaching the database after the stop closed it', () => {
  it('answers 503 with Retry-After in the envelope, never 500', async () => {
    const database = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      CONSOLE_DIST_DIR: '/nonexistent',
      DATA_DIR: ':memory:',
    });
    const app = await buildApp({ config, database, devChains: null });
    try {
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const before = await call(baseUrl, '/v1/cms/content/p/1-10', { language: 'ar' });
      expect(before.status).toBe(200);
      await database.close();
      const res = await call(baseUrl, '/v1/cms/content/p/1-10', { language: 'ar' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json).toMatchObject({ code: 503, data: { requestId: expect.any(String) } });
      expect(res.json.msg).toMatch(/nothing was changed/);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
