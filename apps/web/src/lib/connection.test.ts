// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCall } from './api-client.ts';
import { retryConnection, useOffline, whenApiAnswers } from './connection.ts';

const call = (fetchImpl: typeof fetch) =>
  apiCall('announcementList', { params: { pageNum: '1', pageSize: '10' } }, { language: 'en', fetchImpl });
const noAnswer = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;
const refusal = (async () => new Response(JSON.stringify({ code: 1225, msg: 'no' }), { status: 400 })) as typeof fetch;

describe('useOffline', () => {
  it('is offline after an API call got no answer, and online again after an answer, even a refusal', async () => {
    const { result } = renderHook(() => useOffline());
    expect(result.current).toBe(false);
    await act(() => expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' }));
    expect(result.current).toBe(true);
    await act(() => expect(call(refusal)).rejects.toMatchObject({ code: 1225 }));
    expect(result.current).toBe(false);
  });

  it('follows the browser going offline and online, and "try again" clears a failed call', async () => {
    const { result } = renderHook(() => useOffline());
    await act(() => expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' }));
    expect(result.current).toBe(true);
    act(() => retryConnection());
    expect(result.current).toBe(false);

    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    try {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(result.current).toBe(true);
      await act(() => expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' }));
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(result.current).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });
});

describe('whenApiAnswers', () => {
  const ok = (async () =>
    new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list: [], total: 0 } }), {
      status: 200,
    })) as typeof fetch;

  it('waits while calls get no answer, "try again" included, and runs once at the next answer', async () => {
    await expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' });
    const ran: string[] = [];
    whenApiAnswers(() => ran.push('please sign in'));
    retryConnection();
    expect(ran).toEqual([]);
    await expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' });
    expect(ran).toEqual([]);
    await call(ok).catch(() => undefined);
    expect(ran).toEqual(['please sign in']);
    await call(ok).catch(() => undefined);
    expect(ran).toEqual(['please sign in']);
  });

  it('runs at once while the API answers', async () => {
    await call(ok).catch(() => undefined);
    const ran: string[] = [];
    whenApiAnswers(() => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
