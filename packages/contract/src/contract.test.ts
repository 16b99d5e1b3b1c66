import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints/index.ts';
import { ERROR_CATALOGUE, isErrorCode } from './errors.ts';
import { isLanguage, LANGUAGES, languageInfo } from './languages.ts';
import { maskAddress, maskEmail } from './mask.ts';
import { buildPath, pathParams, toFastifyPath } from './paths.ts';
import { requestSignature } from './request-signature.ts';
import { ROUTES } from './routes.ts';
import { ZDecimalString, ZPageParams } from './schemas.ts';
import { buildSignContent, parseSignContent } from './sign-messages.ts';

describe('request signature', () => {
  it('is lowercase hex md5 of path with query + body + timestamp + secret', () => {
    const input = {
      pathWithQuery: '/v1/cms/content/p/1-10?x=1',
      body: '{"a":1}',
      timestamp: '1700000000000',
      secret: 's',
    };
    const expected = createHash('md5').update('/v1/cms/content/p/1-10?x=1{"a":1}1700000000000s').digest('hex');
    expect(requestSignature(input)).toBe(expected);
    expect(requestSignature(input)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('hashes non-ASCII text as UTF-8', () => {
    const input = { pathWithQuery: '/v1/x', body: '{"name":"质押 رهن"}', timestamp: '1', secret: 'k' };
    const expected = createHash('md5').update('/v1/x{"name":"质押 رهن"}1k', 'utf8').digest('hex');
    expect(requestSignature(input)).toBe(expected);
  });
});

describe('paths', () => {
  it('reads the parameters of a template, including two in one segment', () => {
    expect(pathParams('/v1/cow/fund/fundOrder/p/{type}/{pageNum}-{pageSize}')).toEqual(['type', 'pageNum', 'pageSize']);
  });

  it('turns a template into the form Fastify routes', () => {
    expect(toFastifyPath('/v1/cms/content/p/{pageNum}-{pageSize}')).toBe('/v1/cms/content/p/:pageNum-:pageSize');
  });

  it('fills a template, encoding each value', () => {
    expect(
      buildPath('/v1/mc/user/msg/verifycode/{receiver}/{bizType}', { receiver: 'a b@x.io', bizType: 'message-login' }),
    ).toBe('/v1/mc/user/msg/verifycode/a%20b%40x.io/message-login');
    expect(() => buildPath('/v1/ma/user/{mid}', {})).toThrow(/mid/);
  });
});

describe('the endpoint list', () => {
  it('declares every call under /v1, each with its route', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect(endpoint.path, name).toMatch(/^\/v1\//);
      // The definition exported under a route's name is that route's (not another's spread under the wrong name).
      const { method, path, auth } = ROUTES[name as keyof typeof ROUTES];
      expect({ method: endpoint.method, path: endpoint.path, auth: endpoint.auth }, name).toEqual({
        method,
        path,
        auth,
      });
    }
  });

  // Every call is documented by its declaration (the OpenAPI document is made from it); the handbook's table lists
  // SPEC.md's fixed calls, each a declared one.
  it("lists SPEC.md's 34 calls in docs/api.md, each a declared call", () => {
    const handbook = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const declared = new Set(Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`));
    const specTable = handbook.split("## SPEC.md's calls")[1]?.split('\n## ')[0] ?? '';
    const specCalls = [...specTable.matchAll(/^\| `((?:GET|POST) \/v1\/[^`]+)`/gm)].map((m) => m[1]);
    expect(specCalls).toHaveLength(34);
    for (const call of specCalls) expect(declared, call).toContain(call);
  });

  it('gives every call the summary its OpenAPI entry shows', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) expect(endpoint.summary.trim(), name).not.toBe('');
  });

  it('has a params schema naming exactly the path parameters', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const declared = 'params' in endpoint && endpoint.params ? Object.keys(endpoint.params.shape).sort() : [];
      expect(declared, name).toEqual(pathParams(endpoint.path).sort());
    }
  });

  it('has no duplicate method and path', () => {
    const keys = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('schemas', () => {
  it.each(['0', '1', '1000000', '0.000000000000000001', '12.5'])('accepts the decimal %s', (v) => {
    expect(ZDecimalString.safeParse(v).success).toBe(true);
  });
  it.each(['', '-1', '1e3', '01', '1.', '.5', '0.0000000000000000001', 'NaN', ' 1'])('refuses the decimal %j', (v) => {
    expect(ZDecimalString.safeParse(v).success).toBe(false);
  });
  it('reads page params from the path, from 1, at most 100 a page', () => {
    expect(ZPageParams.parse({ pageNum: '2', pageSize: '10' })).toEqual({ pageNum: 2, pageSize: 10 });
    expect(ZPageParams.safeParse({ pageNum: '0', pageSize: '10' }).success).toBe(false);
    expect(ZPageParams.safeParse({ pageNum: '1', pageSize: '101' }).success).toBe(false);
  });
});

describe('sign messages', () => {
  it('builds and reads back each action', () => {
    expect(buildSignContent('login', 1_700_000_000_123)).toBe('Login-1700000000123');
    expect(parseSignContent('bindAddress-1700000000123')).toEqual({
      action: 'bindAddress',
      timestampMs: 1_700_000_000_123,
    });
    expect(parseSignContent('unbindAddress-5')).toEqual({ action: 'unbindAddress', timestampMs: 5 });
  });
  it.each(['Login-', 'Login-12a', 'login-123', 'Login-0123', 'Login-123 ', 'pledge-99999999999999999', 'other-1'])(
    'refuses %j',
    (text) => expect(parseSignContent(text)).toBeNull(),
  );
});

describe('constants', () => {
  it('has eleven languages, only Arabic right to left', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([
      'en',
      'zhCN',
      'zhTW',
      'ru',
      'vi',
      'th',
      'ko',
      'ja',
      'sp',
      'fr',
      'ar',
    ]);
    expect(LANGUAGES.filter((l) => l.rtl).map((l) => l.code)).toEqual(['ar']);
    expect(isLanguage('sp')).toBe(true);
    expect(isLanguage('es')).toBe(false);
    expect(languageInfo('nope').code).toBe('en');
  });

  it('masks addresses to first 4, ****, last 4, and e-mails to their first character and domain', () => {
    expect(maskAddress('0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBe('0x8b****BA72');
    expect(maskAddress('short')).toBe('short');
    // A notice names an e-mail by its first character and its domain only.
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('not-an-address')).toBe('***');
  });

  it('maps every SPEC.md code to a 4xx status', () => {
    for (const code of [1226, 1221, 1119, 1225, 10471, 8752, 8751, 81002, 81003, 9000, 8770, 81001, 81034, 81035]) {
      expect(isErrorCode(code)).toBe(true);
      const status = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });
});
