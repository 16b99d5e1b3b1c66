import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { type Operator, type Role, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { signUp } from './users.ts';

const ALL: Role[] = ['support', 'finance', 'admin'];
const FINANCE: Role[] = ['finance', 'admin'];
const SUPPORT: Role[] = ['support', 'admin'];
const ADMIN: Role[] = ['admin'];

/**
 * Every /ops/v1 route with the roles the operator guide gives it (written here apart from roles.ts, so a change there
 * shows). Bodies are valid where that is cheap; an allowed call must not answer 401 or 403.
 */
const ROUTES: { method: 'GET' | 'POST' | 'PUT'; path: string; roles: Role[]; body?: unknown }[] = [
  { method: 'GET', path: '/ops/v1/dashboard', roles: ALL },
  { method: 'GET', path: '/ops/v1/users?q=USER', roles: ALL },
  { method: 'GET', path: '/ops/v1/users/999999', roles: ALL },
  { method: 'GET', path: '/ops/v1/users/999999/withdraw-limits', roles: ALL },
  {
    method: 'POST',
    path: '/ops/v1/users/999999/withdraw-limit',
    roles: FINANCE,
    body: { currency: 'cow', period: 'day', amount: '500', reason: 'matrix of roles' },
  },
  { method: 'GET', path: '/ops/v1/payouts?status=all', roles: FINANCE },
  { method: 'GET', path: '/ops/v1/announcements', roles: ADMIN },
  {
    method: 'POST',
    path: '/ops/v1/announcements',
    roles: ADMIN,
    body: { translations: { en: { title: 'matrix', body: '<p>matrix</p>' } } },
  },
  { method: 'PUT', path: '/ops/v1/announcements/999999', roles: ADMIN, body: { translations: {} } },
  { method: 'POST', path: '/ops/v1/announcements/999999/publish', roles: ADMIN },
  {
    method: 'POST',
    path: '/ops/v1/credit',
    roles: FINANCE,
    body: { username: 'USER', currency: 'aidf', amount: '1', reason: 'matrix' },
  },
  { method: 'POST', path: '/ops/v1/credit/999999/approve', roles: FINANCE },
  { method: 'GET', path: '/ops/v1/proposals', roles: FINANCE },
  { method: 'POST', path: '/ops/v1/proposals/999999/approve', roles: FINANCE },
  { method: 'POST', path: '/ops/v1/proposals/999999/withdraw', roles: FINANCE, body: { reason: 'matrix' } },
  { method: 'POST', path: '/ops/v1/payouts/999999/retry', roles: FINANCE, body: { reason: 'matrix' } },
  { method: 'POST', path: '/ops/v1/payouts/999999/refund', roles: FINANCE, body: { reason: 'matrix' } },
  { method: 'GET', path: '/ops/v1/chain/status', roles: FINANCE },
  { method: 'GET', path: '/ops/v1/ledger/check', roles: FINANCE },
  { method: 'POST', path: '/ops/v1/reserves/reports', roles: FINANCE, body: { reason: 'matrix' } },
  { method: 'GET', path: '/ops/v1/reserves/reports/latest', roles: FINANCE },
  { method: 'GET', path: '/ops/v1/machine/third-party-payments', roles: FINANCE },
  { method: 'GET', path: '/ops/v1/treasury', roles: FINANCE },
  { method: 'GET', path: '/ops/v1/treasury/sweeps', roles: FINANCE },
  { method: 'GET', path: '/ops/v1/treasury/awaiting-withdrawals', roles: FINANCE },
  { method: 'POST', path: '/ops/v1/treasury/sweeps/999999/retry', roles: ADMIN, body: { reason: 'matrix' } },
  { method: 'POST', path: '/ops/v1/treasury/sweeps/999999/skip', roles: ADMIN, body: { reason: 'matrix' } },
  { method: 'POST', path: '/ops/v1/treasury/sweep-now', roles: ADMIN, body: { chain: 'bsc' } },
  {
    method: 'POST',
    path: '/ops/v1/treasury/fundings',
    roles: ADMIN,
    body: { chain: 'bsc', currency: 'bnb', amount: '1', txHash: `0x${'ab'.repeat(32)}`, reason: 'matrix' },
  },
  { method: 'GET', path: '/ops/v1/tickets', roles: SUPPORT },
  { method: 'GET', path: '/ops/v1/tickets/999999/replies', roles: SUPPORT },
  { method: 'POST', path: '/ops/v1/tickets/999999/reply', roles: SUPPORT, body: { content: 'hello' } },
  { method: 'GET', path: '/ops/v1/attachments/999999', roles: SUPPORT },
  { method: 'GET', path: '/ops/v1/config', roles: ADMIN },
  {
    method: 'POST',
    path: '/ops/v1/config',
    roles: ADMIN,
    body: { key: 'pledge.dailyLimit', value: '50', reason: 'matrix' },
  },
  { method: 'GET', path: '/ops/v1/machine/items', roles: ADMIN },
  {
    method: 'POST',
    path: '/ops/v1/machine/items',
    roles: ADMIN,
    body: { worth: '100', usdtAmount: '100', reason: 'matrix' },
  },
  { method: 'POST', path: '/ops/v1/machine/items/999999', roles: ADMIN, body: { worth: '100', reason: 'matrix' } },
  { method: 'GET', path: '/ops/v1/jobs', roles: ADMIN },
  { method: 'POST', path: '/ops/v1/jobs/no-such-job/run', roles: ADMIN, body: { date: '2026-01-01' } },
  { method: 'POST', path: '/ops/v1/ticks/no-such-tick/run', roles: ADMIN, body: {} },
  { method: 'GET', path: '/ops/v1/operators', roles: ADMIN },
  { method: 'POST', path: '/ops/v1/operators', roles: ADMIN, body: { username: 'NEWOP', role: 'support' } },
  {
    method: 'POST',
    path: '/ops/v1/operators/no-such-op/role',
    roles: ADMIN,
    body: { role: 'finance', reason: 'matrix' },
  },
  { method: 'POST', path: '/ops/v1/operators/no-such-op/disable', roles: ADMIN, body: { reason: 'matrix' } },
  { method: 'GET', path: '/ops/v1/audit', roles: ADMIN },
  { method: 'GET', path: '/ops/v1/auth/me', roles: ALL },
  { method: 'GET', path: '/ops/v1/openapi.json', roles: ALL },
];
/** Tested apart: the sign-in needs no token, the sign-out ends the one it is called with. */
const APART = ['POST /ops/v1/auth/login', 'POST /ops/v1/auth/logout', 'POST /ops/v1/auth/enroll'];

/** 'METHOD /full/path' of every route the server has, from Fastify's printed route tree. */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]+)\)/.exec(line) ?? /^([│ ]*)(?:├── |└── )(\S+)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const full = `${stack.join('')}${match[2]}`;
    stack.push(match[2] ?? '');
    for (const m of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.push(`${m} ${full}`);
  }
  return routes;
}

const normalized = (route: string) =>
  route
    .replace(/\?.*$/, '')
    .replace(/\/(\d+|no-such-[a-z]+)(?=\/|$)/g, '/:param')
    .replace(/:\w+/g, ':param');

describe('[api] every role against every /ops/v1 route', () => {
  let server: TestServer;
  let operators: Record<Role, Operator>;
  let username: string;
  beforeAll(async () => {
    server = await startTestServer();
    operators = {
      support: await signInOperator(server, 'support'),
      finance: await signInOperator(server, 'finance'),
      admin: await signInOperator(server, 'admin'),
    };
    username = (await signUp(server)).username;
  }, 300_000); // slow password hashes for each sign-in on a busy machine
  afterAll(() => server.close(), 120_000);

  it('lists every /ops/v1 route the server has', () => {
    const actual = registeredRoutes(server.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.includes(' /ops/v1/'))
      .map(normalized)
      .sort();
    const listed = [...ROUTES.map((r) => `${r.method} ${r.path}`), ...APART].map(normalized).sort();
    expect(actual).toEqual(listed);
  });

  for (const role of ALL) {
    it(`${role}: allowed routes answer (not 401/403), the others 403`, async () => {
      const op = operators[role];
      let n = 0;
      for (const route of ROUTES) {
        const body = JSON.parse(
          JSON.stringify(route.body ?? null)
            .replace('"USER"', JSON.stringify(username))
            .replace('"NEWOP"', JSON.stringify(`new-${role}-${++n}`)),
        );
        const res = await op.call(route.method, route.path, body ?? undefined);
        const label = `${role} ${route.method} ${route.path}: ${JSON.stringify(res.json).slice(0, 200)}`;
        if (route.roles.includes(role)) expect([401, 403], label).not.toContain(res.status);
        else {
          expect(res.status, label).toBe(403);
          expect(res.json.code, label).toBe(403);
        }
      }
      expect((await op.call('POST', '/ops/v1/auth/logout')).status).toBe(200);
      expect((await op.call('GET', '/ops/v1/auth/me')).status).toBe(401);
    }, 120_000);
  }

  it('OPERATOR_TOKEN is admin: every route answers', async () => {
    for (const route of ROUTES) {
      const res = await fetch(`${server.baseUrl}${route.path}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${DEV_OPERATOR_TOKEN}`,
          ...(route.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(route.body
          ? {
              body: JSON.stringify(route.body).replace('"USER"', JSON.stringify(username)).replace('NEWOP', 'cli-made'),
            }
          : {}),
      });
      expect([401, 403], `cli ${route.method} ${route.path}`).not.toContain(res.status);
    }
    const noToken = await fetch(`${server.baseUrl}/ops/v1/ledger/check`);
    expect(noToken.status).toBe(401);
  }, 120_000);
});
