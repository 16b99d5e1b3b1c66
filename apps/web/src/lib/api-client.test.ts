// @vitest-environment jsdom
import { DEV_REQUEST_SIGN_SECRET, requestSignature } from '@aidf/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, isExactAsNumber, keepUnsafeNumber, parseJsonKeepingBigNumbers } from './api-client.ts';
import { getSession, saveLogin } from './session.ts';

function answer(status: number, body: unknown) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fetchImpl, seen };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('apiCall', () => {
  it('sends every header of SPEC.md point 7 with the md5 request signature', async () => {
    saveLogin({
      token: 'tok123',
      userInfo: { mid: '7', username: 'alice' },
      walletAddress: '0xabc',
      chain: 'BNB Smart Chain',
    });
    const { fetchImpl, seen } = answer(200, { code: 200, msg: 'success', data: { list: [], total: 0 } });
    await apiCall('announcementList', { params: { pageNum: '1', pageSize: '10' } }, { language: 'ar', fetchImpl });
    const [{ url, init }] = seen as [{ url: string; init: RequestInit }];
    expect(url).toBe('/v1/cms/content/p/1-10');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      authorization: 'tok123',
      terminal: 'h5',
      address: '0xabc',
      chain: 'BNB Smart Chain',
      language: 'ar',
      'merchant-id': '16',
    });
    expect(headers.signature).toBe(
      requestSignature({
        pathWithQuery: '/v1/cms/content/p/1-10',
        body: '',
        timestamp: headers.timestamp ?? '',
        secret: DEV_REQUEST_SIGN_SECRET,
      }),
    );
  });

  it('keeps numbers beyond 2^53 as strings (lossless-json, where JSON.parse gives no source text, as on Node 20)', async () => {
    expect(await parseJsonKeepingBigNumbers('{"id":123456789012345678901,"n":5,"x":0.1}')).toEqual({
      id: '123456789012345678901',
      n: 5,
      x: 0.1,
    });
  });

  it("keeps them with the browser's own parser: the reviver returns an unsafe number's source text", () => {
    expect(keepUnsafeNumber('id', Number('123456789012345678901'), { source: '123456789012345678901' })).toBe(
      '123456789012345678901',
    );
    expect(keepUnsafeNumber('x', Number('1.23456789012345678'), { source: '1.23456789012345678' })).toBe(
      '1.23456789012345678',
    );
    expect(keepUnsafeNumber('n', 5, { source: '5' })).toBe(5);
    expect(keepUnsafeNumber('x', 0.1, { source: '0.1' })).toBe(0.1);
    expect(keepUnsafeNumber('s', 'text', { source: '"text"' })).toBe('text');
    expect(keepUnsafeNumber('n', 5, undefined)).toBe(5);
  });

  it('judges a number exact as lossless-json does', async () => {
    const { isSafeNumber } = await import('lossless-json');
    for (const text of [
      '0',
      '-7',
      '9007199254740991',
      '9007199254740993',
      '0.1',
      '12.5',
      '-0.000001',
      '1e3',
      '2.5E-7',
      '1.23456789012345678',
      '123456789012345678901',
      '1e400',
      '100',
      '0.30000000000000004',
    ]) {
      expect(isExactAsNumber(text), text).toBe(isSafeNumber(text));
    }
  });

  it('on 401 clears token and isLogin and asks for a reload', async () => {
    saveLogin({ token: 'old', userInfo: { mid: '7', username: 'alice' } });
    const onUnauthorized = vi.fn();
    const { fetchImpl } = answer(401, { code: 401, msg: 'Please login first', data: null });
    await expect(
      apiCall('getUser', { params: { mid: '7' } }, { language: 'en', fetchImpl, onUnauthorized }),
    ).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('isLogin')).toBe('false');
    expect(getSession().isLogin).toBe(false);
  });

  it('throws the business code and message of a refusal', async () => {
    const { fetchImpl } = answer(404, { code: 1226, msg: 'User does not exist', data: null });
    const error = await apiCall('getUser', { params: { mid: '8' } }, { language: 'en', fetchImpl }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1226, status: 404, message: 'User does not exist' });
  });

  it('reports a network failure as code "network"', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(apiCall('coinConfig', {}, { language: 'en', fetchImpl })).rejects.toMatchObject({ code: 'network' });
  });
});
