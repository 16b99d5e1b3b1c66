import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandling, RETRY_AFTER_SECONDS } from './errors.ts';

/** A query error as Drizzle throws it: its own message, the driver's error (with the SQLSTATE) as the cause. */
function failedQuery(sqlState: string) {
  return new Error('Failed query: INSERT INTO notifications …', {
    cause: Object.assign(new Error('database said no'), { code: sqlState }),
  });
}

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorHandling);
  app.get('/fails', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return res;
}

describe('the error envelope of a transaction PostgreSQL rolled back', () => {
  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'serialization failure'],
  ])('answers %s (%s) 503 with Retry-After: nothing was committed, asking again succeeds', async (sqlState) => {
    const res = await answerTo(failedQuery(sqlState));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.json()).toMatchObject({ code: 503 });
  });

  it('still answers any other failed query 500 with only a request id', async () => {
    const res = await answerTo(failedQuery('23505'));
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 500, data: { requestId: expect.any(String) } });
  });
});
