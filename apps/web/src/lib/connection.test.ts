// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCall } from './api-client.ts';
import { retryConnection, useOffline, useReconnecting, whenApiAnswers } from './connection.ts';

const call = (fetchImpl: typeof fetch) =>
  apiCall('announcementList', { params: { pageNum: '1', pageSize: '10' } }, { language: 'en', fetchImpl });
const noAnswer = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;
const refusal = (async () => new Response(JSON.stringify({ code: 1225, msg: 'no' }), { status: 400 })) as typeof fetch;
const comeBack = (async () =>
  new Response(JSON.stringify({ code: 503, msg: 'nothing was changed' }), {
    status: 503,
    headers: { 'retry-after': '5' },
  })) as typeof fetch;
const success = (async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: [] }))) as typeof fetch;
const state = () => renderHook(() => ({ offline: useOffline(), reconnecting: useReconnecting() }));

describe('the link to the API', () => {
  it('is reconnecting (not offline) after a call got no answer, and back after an answer, even a refusal', async () => {
    const { result } = state();
    expect(result.current).toEqual({ offline: false, reconnecting: false });
    await act(() => expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' }));
    expect(result.current).toEqual({ offline: false, reconnecting: true });
    await act(() => expect(call(refusal)).rejects.toMatchObject({ code: 1225 }));
    expect(result.current).toEqual({ offline: false, reconnecting: false });
  });

  it('is reconnecting after a 503 with Retry-After, which the error carries in ms, until the first success', async () => {
    const { result } = state();
    await act(() => expect(call(comeBack)).rejects.toMatchObject({ status: 503, retryAfterMs: 5_000 }));
    expect(result.current).toEqual({ offline: false, reconnecting: true });
    await act(() => expect(call(comeBack)).rejects.toMatchObject({ status: 503 }));
    expect(result.current.reconnecting).toBe(true);
    await act(() => call(success));
    expect(result.current).toEqual({ offline: false, reconnecting: false });
  });

  it('is offline while the browser says so (the full-screen page), and "try again" clears a failed call', async () => {
    const { result } = state();
    await act(() => expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' }));
    expect(result.current.reconnecting).toBe(true);
    act(() => retryConnection());
    expect(result.current.reconnecting).toBe(false);

    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    try {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      await act(() => expect(call(noAnswer)).rejects.toMatchObject({ code: 'network' }));
      // Offline is the whole page; the banner never shows with it.
      expect(result.current).toEqual({ offline: true, reconnecting: false });
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(result.current).toEqual({ offline: false, reconnecting: false });
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
