import { MAX_TIME_MS, OPS, toFastifyPath, uncheckedStrings } from '@aidf/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { LOGIN_ALERT } from '../src/domain/operator/accounts.ts';
import { PLEDGE_SETTINGS } from '../src/domain/pledge/pledge-config.ts';
import { periodicJobs } from '../src/jobs/registry.ts';
import { casesFor, type FuzzTarget, fuzzCases } from './fuzz-inputs.ts';
import { authorizationOf, onceMoreIfBusy, RUNS, SEED, sendAllCases } from './fuzz-run.ts';
import { type Operator, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { type Account, credit, signUp } from './users.ts';

/**
 * The operator API under fuzz: every route the app registers under /ops/v1 (read from the app, so a route
 * added tomorrow is fuzzed too), RUNS cases each, dealt in turn to each role and the command line's token
 * (RUNS / 4 each: the roles share validation, which runs before the role check; FUZZ_RUNS=800 gives 200 each).
 * No answer may be a 5xx or leave the envelope, and a refused request may leave nothing in the audit trail.
 */

const ROLES = ['support', 'finance', 'admin', 'cli'] as const;
type Role = (typeof ROLES)[number];

/** One server for the whole file, started while the tests are collected: the test list is its route list. */
const shared: TestServer = await startTestServer();
const routeTargets = shared.app.routeList.flatMap((route) =>
  [route.method]
    .flat()
    .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
    .map((method) => ({ method, url: route.url, schema: route.schema })),
);
const opsRoutes = routeTargets.filter((r) => r.url.startsWith('/ops/v1/'));
/** The two answers that are not the envelope when they succeed: the OpenAPI document and an image's bytes. */
const RAW_ANSWERS = new Set([OPS.openApi.path, OPS.attachment.path].map(toFastifyPath));

/** A Fastify route as the fuzz's target: `:name` parameters become `{name}`. */
function targetOf(route: (typeof routeTargets)[number]): FuzzTarget {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return {
    method: route.method,
    path: route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
    params: schema.params,
    query: schema.querystring,
    body: schema.body,
  };
}

describe(`[api] fuzz: every /ops/v1 route, every role (${RUNS} cases each, FUZZ_SEED=${SEED})`, () => {
  let tokens: Record<Role, string>;
  /** Signing out ends the token it is sent with: that route gets operators of its own. */
  let leaving: Record<Role, string>;
  let user: Account;
  let known: Record<string, string[]>;
  /** The pledge limit's current value: setting it again is valid, so only the reason decides. */
  let settingValue: string;

  beforeAll(async () => {
    const signIn = async () => {
      // OPERATOR_TOKEN makes an account at once only while fewer than two admins can sign in: the admin comes
      // after its colleagues, or the second round's admin could turn them into proposals.
      const [support, finance] = await Promise.all(
        (['support', 'finance'] as const).map((role) => signInOperator(shared, role)),
      );
      const admin = await signInOperator(shared, 'admin');
      const token = (op: Operator | undefined) => `Bearer ${op?.token}`;
      return {
        support: token(support),
        finance: token(finance),
        admin: token(admin),
        cli: `Bearer ${DEV_OPERATOR_TOKEN}`,
      };
    };
    tokens = await signIn();
    leaving = await signIn();
    user = await signUp(shared);
    await credit(shared, user.username, 'cow', '1000');
    const settings = (await send('GET', '/ops/v1/config', '', tokens.admin)).json?.data as {
      key: string;
      value: string;
    }[];
    settingValue = settings.find((x) => x.key === PLEDGE_SETTINGS.dailyLimit)?.value ?? '10';
    const jobs = (await send('GET', '/ops/v1/jobs', '', tokens.admin)).json?.data as { jobs: string[] };
    // Real names and ids drawn often, so many cases reach the handlers instead of stopping at "not found".
    known = {
      username: [user.username],
      mid: [user.mid],
      key: settings.map((s) => s.key),
      job: jobs.jobs,
      name: periodicJobs().map((j) => j.name),
    };
  });
  afterAll(() => shared?.close());

  const send = (method: string, path: string, body: string, authorization: string | undefined) =>
    onceMoreIfBusy(async () => {
      const res = await fetch(`${shared.baseUrl}${path}`, {
        method,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(body !== '' ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== '' ? { body } : {}),
      });
      const text = await res.text();
      let json: { code?: unknown; data?: unknown } | null = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: res.status, text, json, retryAfter: res.headers.get('retry-after') };
    });

  /** Audit rows of operators' actions; the sign-in alert a burst of failed logins raises is the server's own row. */
  const auditTotal = async () =>
    (await shared.repos.operatorActions.page({}, 1, 1)).total -
    (await shared.repos.operatorActions.page({ action: LOGIN_ALERT }, 1, 1)).total;

  it('reads the routes from the app, and the operator API has some', () => {
    const paths = opsRoutes.map((r) => r.url);
    expect(paths).toContain('/ops/v1/credit');
    expect(paths).toContain('/ops/v1/ticks/:name/run');
  });

  it('has no string in any /v1 or /ops/v1 route schema that could carry NUL or a lone surrogate', () => {
    const unchecked = routeTargets
      .filter((r) => r.url.startsWith('/v1/') || r.url.startsWith('/ops/v1/'))
      .flatMap((r) => {
        const schema = (r.schema ?? {}) as Record<string, unknown>;
        return ['params', 'querystring', 'body', 'headers'].flatMap((part) =>
          schema[part] ? uncheckedStrings(schema[part], part).map((at) => `${r.method} ${r.url} ${at}`) : [],
        );
      });
    expect(unchecked).toEqual([]);
  });

  it.each(opsRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s never answers 5xx, always the envelope, and a refusal audits nothing',
    async (name, route) => {
      const target = targetOf(route);
      const ownTokens = route.url === '/ops/v1/auth/logout' ? leaving : tokens;
      // One stream per route, still replayed by FUZZ_SEED; case i is sent as role i mod 4.
      const cases = fc.sample(fuzzCases(target, known), {
        numRuns: casesFor(target, RUNS),
        seed: SEED + opsRoutes.indexOf(route),
      });
      const auditBefore = await auditTotal();
      let accepted = 0;
      const roleOf = (i: number) => ROLES[i % ROLES.length] as Role;
      await sendAllCases(
        cases,
        async (input, i) => {
          const authorization = authorizationOf(input.token, ownTokens[roleOf(i)]);
          const res = await send(target.method, input.path, input.body, authorization);
          if (res.status < 300) accepted++;
          return res;
        },
        (_, i) => `${name} as ${roleOf(i)}:`,
        (res) => res.status === 200 && RAW_ANSWERS.has(route.url),
      );
      // Each accepted action writes at most one audit row; a refused one writes none.
      const audit = await auditTotal();
      expect(audit, `${name}: audit rows beyond the ${accepted} accepted`).toBeLessThanOrEqual(auditBefore + accepted);
    },
    120_000,
  );

  /** What the operator API answered with 500 before every string and time was checked at the schema. */
  // Bodies are valid but for the one field, so each reaches the query it once broke (read once the users exist).
  const creditBody = (change: object) => () => ({
    username: user.username,
    currency: 'cow',
    amount: '1',
    reason: 'r',
    ...change,
  });
  const settingBody = (reason: string) => () => ({ key: PLEDGE_SETTINGS.dailyLimit, value: settingValue, reason });
  it.each<[string, 'GET' | 'POST', string, (() => unknown) | undefined]>([
    ['NUL in the audit filter "operator"', 'GET', '/ops/v1/audit?operator=%00', undefined],
    ['NUL in the audit filter "action"', 'GET', '/ops/v1/audit?action=a%00', undefined],
    ['NUL in the audit filter "target"', 'GET', '/ops/v1/audit?target=%00b', undefined],
    ["NUL in a credit's username", 'POST', '/ops/v1/credit', creditBody({ username: 'a\u0000' })],
    ["NUL in a credit's reason", 'POST', '/ops/v1/credit', creditBody({ reason: 'r\u0000' })],
    ["a lone surrogate in a credit's reason", 'POST', '/ops/v1/credit', creditBody({ reason: 'r\ud800' })],
    ["NUL in a setting's reason", 'POST', '/ops/v1/config', settingBody('r\u0000')],
    ["a lone surrogate in a setting's reason", 'POST', '/ops/v1/config', settingBody('\udc00r')],
    // Found by this fuzz: the rule lookup read Object.prototype, whose "pattern" is undefined.
    ...['__proto__', 'constructor', 'toString'].map((key): [string, 'POST', string, () => unknown] => [
      `"${key}" as a setting key`,
      'POST',
      '/ops/v1/config',
      () => ({ key, value: '1', reason: 'r' }),
    ]),
    [
      "NUL in a new price item's reason",
      'POST',
      '/ops/v1/machine/items',
      () => ({ worth: '1', usdtAmount: '1', reason: 'r\u0000' }),
    ],
    ["NUL in a price item's reason", 'POST', '/ops/v1/machine/items/1', () => ({ onSale: true, reason: '\u0000' })],
    ['now: 9e15 on a tick run ("Invalid time value")', 'POST', '/ops/v1/ticks/order-expiry/run', () => ({ now: 9e15 })],
    [
      'now beyond the year 9999 on a tick run',
      'POST',
      '/ops/v1/ticks/order-expiry/run',
      () => ({ now: MAX_TIME_MS + 1 }),
    ],
    ['the day 0000-01-01 on a job run', 'POST', '/ops/v1/jobs/pledge-settlement/run', () => ({ date: '0000-01-01' })],
  ])('refuses %s with 400 and code 1225, and changes nothing', async (_, method, path, body) => {
    const auditBefore = await auditTotal();
    const res = await send(method, path, body ? JSON.stringify(body()) : '', tokens.cli);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ code: 1225, msg: expect.stringMatching(/^Invalid parameter/), data: null });
    expect(await auditTotal()).toBe(auditBefore);
  });
});
