// @vitest-environment jsdom
import { OPS, SUCCESS_CODE } from '@aidf/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, api, apiUrl, BAD_ANSWER, call, NETWORK_ERROR, unwrap } from './client.ts';
import { sessionToken, setSessionToken } from './session.ts';

/** A fetch that answers one fixed response and records what it was asked. */
function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}

describe('[console] API client: the envelope', () => {
  afterEach(() => setSessionToken(null));

  it('returns data on the success code', () => {
    expect(unwrap(200, { code: SUCCESS_CODE, msg: 'success', data: { a: 1 } })).toEqual({ a: 1 });
  });

  it("throws the server's code and message on any other code, whatever the HTTP status", () => {
    const error = (() => {
      try {
        unwrap(400, { code: 1228, msg: 'Wrong login name or password', data: null });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1228, serverMessage: 'Wrong login name or password', status: 400 });
    // A 200 with an error code is still an error: the code decides, not the status.
    expect(() => unwrap(200, { code: 1409, msg: 'done', data: null })).toThrow(ApiError);
  });

  it('refuses an answer that is not the envelope', () => {
    expect(() => unwrap(502, null)).toThrow(expect.objectContaining({ code: BAD_ANSWER, status: 502 }));
    expect(() => unwrap(200, { data: 1 })).toThrow(expect.objectContaining({ code: BAD_ANSWER }));
  });

  it('builds /ops/v1 URLs without empty query values', () => {
    expect(apiUrl('/audit', { page: 1, operator: '', action: undefined, target: 'user:1' })).toBe(
      '/ops/v1/audit?page=1&target=user%3A1',
    );
    expect(apiUrl('/dashboard')).toBe('/ops/v1/dashboard');
  });

  it('sends the session token as a bearer and the body as JSON', async () => {
    setSessionToken('tok-123');
    const { fetcher, calls } = answering(200, { code: SUCCESS_CODE, msg: 'success', data: { ok: true } });
    expect(await api('/credit', { method: 'POST', body: { amount: '1' }, fetcher })).toEqual({ ok: true });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe('/ops/v1/credit');
    expect(headers.authorization).toBe('Bearer tok-123');
    expect(headers['content-type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"amount":"1"}');
  });

  it('ends the session on a 401, so the console falls back to the sign-in page', async () => {
    setSessionToken('expired');
    const { fetcher } = answering(401, { code: 401, msg: 'Please login first', data: null });
    await expect(api('/auth/me', { fetcher })).rejects.toMatchObject({ code: 401 });
    expect(sessionToken()).toBeNull();
  });

  it('keeps the session on a 403: the role may not, the operator is still signed in', async () => {
    setSessionToken('good');
    const { fetcher } = answering(403, { code: 403, msg: 'Your operator role may not do this', data: null });
    await expect(api('/audit', { fetcher })).rejects.toMatchObject({ code: 403 });
    expect(sessionToken()).toBe('good');
  });

  it('reports no answer at all as a network error', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(api('/dashboard', { fetcher })).rejects.toMatchObject({ code: NETWORK_ERROR, status: 0 });
  });

  it("calls a contract endpoint with its method, its path's encoded parameters and its query", async () => {
    const { fetcher, calls } = answering(200, {
      code: SUCCESS_CODE,
      msg: 'success',
      data: { status: 'disabled', username: 'a b', withdrawnProposals: [] },
    });
    const answer = await call(OPS.disableOperator, { params: { username: 'a b' }, body: { reason: 'left' }, fetcher });
    expect(answer).toMatchObject({ status: 'disabled', withdrawnProposals: [] });
    expect(calls[0]?.url).toBe('/ops/v1/operators/a%20b/disable');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: '{"reason":"left"}' });

    await call(OPS.approveProposal, { params: { proposalId: '7' }, fetcher });
    // A POST the contract gives no body still sends JSON ({}), as the console always did.
    expect(calls[1]?.init).toMatchObject({ method: 'POST', body: '{}' });

    await call(OPS.users, { query: { q: '', page: 2, size: 20 }, fetcher });
    expect(calls[2]?.url).toBe('/ops/v1/users?page=2&size=20');
    expect(calls[2]?.init.method).toBe('GET');
    expect(calls[2]?.init.body).toBeUndefined();
  });
});
