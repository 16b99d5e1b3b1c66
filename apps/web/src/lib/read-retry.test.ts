import { describe, expect, it } from 'vitest';
import { ApiError, retryAfterMs } from './api-client.ts';
import { isReconnectable, readRetryDelay, retryRead } from './read-retry.ts';

const comeBack = new ApiError(503, 503, 'nothing was changed', 5_000);
const noAnswer = new ApiError('network', 0, 'network');
const refusal = new ApiError(1225, 400, 'no');
const serverError = new ApiError(500, 500, '');
const bare503 = new ApiError(503, 503, '');

describe('reads while the API is away', () => {
  it('reads Retry-After in seconds, and nothing else', () => {
    expect(retryAfterMs('5')).toBe(5_000);
    expect(retryAfterMs(' 1 ')).toBe(1_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBeNull();
    expect(retryAfterMs('-1')).toBeNull();
  });

  it('keeps retrying a "come back" (no answer, or 503 with Retry-After); a refusal never; the rest twice', () => {
    expect([comeBack, noAnswer].map(isReconnectable)).toEqual([true, true]);
    expect([refusal, serverError, bare503, new Error('x')].map(isReconnectable)).toEqual([false, false, false, false]);
    expect(retryRead(50, comeBack)).toBe(true);
    expect(retryRead(50, noAnswer)).toBe(true);
    expect(retryRead(0, refusal)).toBe(false);
    expect([0, 1, 2].map((n) => retryRead(n, serverError))).toEqual([true, true, false]);
  });

  it('waits what Retry-After says, else doubles from 1 s up to 30 s', () => {
    expect(readRetryDelay(1, comeBack)).toBe(5_000);
    expect(readRetryDelay(7, comeBack)).toBe(5_000);
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => readRetryDelay(n, noAnswer))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
