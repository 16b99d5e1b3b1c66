import { OPS, toFastifyPath } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import type { RegisteredRoute } from '../src/http/types.ts';
import { type Operator, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * The operator API is the contract's (OPS of @aidf/contract): every /ops/v1 route the app registers is one of
 * its endpoints with the answer's schema, and GET /ops/v1/openapi.json documents each, for operators only.
 */

/** "METHOD url" of every /ops/v1 route, HEAD (Fastify's, beside each GET) left out. */
function opsRoutes(routes: readonly RegisteredRoute[]) {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD' && route.url.startsWith('/ops/v1/'))
      .map((method) => ({ key: `${method} ${route.url}`, schema: route.schema })),
  );
}

/** The routes that answer without a declared 200 schema: what this file's first test refuses. */
function withoutAnswerSchema(routes: readonly RegisteredRoute[]): string[] {
  return opsRoutes(routes)
    .filter((r) => !(r.schema?.response as Record<string, unknown> | undefined)?.[200])
    .map((r) => r.key);
}

const contractKeys = Object.values(OPS).map((e) => `${e.method} ${toFastifyPath(e.path)}`);

describe('[api] the operator API in the contract', () => {
  let server: TestServer;
  let support: Operator;

  beforeAll(async () => {
    server = await startTestServer();
    support = await signInOperator(server, 'support');
  });
  afterAll(() => server?.close());

  it('every /ops/v1 route is a contract endpoint with a response schema, and every endpoint is served', () => {
    const served = opsRoutes(server.app.routeList).map((r) => r.key);
    expect(withoutAnswerSchema(server.app.routeList)).toEqual([]);
    expect([...served].sort()).toEqual([...contractKeys].sort());
    // The check itself: a route registered without an answer's schema is named.
    const bare: RegisteredRoute = { method: 'GET', url: '/ops/v1/no-schema', schema: { querystring: {} } };
    expect(withoutAnswerSchema([...server.app.routeList, bare])).toEqual(['GET /ops/v1/no-schema']);
  });

  it('GET /ops/v1/openapi.json: 401 in the envelope without a valid operator token', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: DEV_OPERATOR_TOKEN },
    ];
    for (const headers of refused) {
      const res = await fetch(`${server.baseUrl}/ops/v1/openapi.json`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 401, data: null });
    }
  });

  it('GET /ops/v1/openapi.json: any signed-in operator and OPERATOR_TOKEN read every endpoint, with its answer', async () => {
    const asSupport = await support.call('GET', '/ops/v1/openapi.json');
    const cli = await fetch(`${server.baseUrl}/ops/v1/openapi.json`, {
      headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` },
    });
    expect(cli.status).toBe(200);
    expect(await cli.json()).toEqual(asSupport.json);
    expect(asSupport.status).toBe(200);
    const doc = asSupport.json as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{([A-Za-z0-9]+)\}/g, ':$1')}`),
    );
    expect(listed.sort()).toEqual([...contractKeys].sort());
    for (const endpoint of Object.values(OPS)) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.responses[200], `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(Boolean(operation?.security?.length), `${endpoint.path} security`).toBe(endpoint.auth);
    }
    // A documented answer: the envelope around the contract's data.
    const audit = doc.paths['/ops/v1/audit']?.get?.responses[200] as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(audit.content['application/json'].schema.properties).sort()).toEqual(['code', 'data', 'msg']);
  });

  it("the user API's document (/docs/json) lists no operator route", async () => {
    const res = await fetch(`${server.baseUrl}/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/ops/'))).toEqual([]);
  });
});
