import { LANGUAGE_CODES } from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../src/domain/limits/policies.ts';
import { awayFromWindowEdge } from './limit-window.ts';
import { addOperator, login, type Operator, signInOperator, totpCode } from './operators.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';

/** Announcements as drafts, the TOTP QR at first sign-in, every setting with its meaning. */
describe('[api] operator console: announcements, enrolment, settings', () => {
  let server: TestServer;
  let admin: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInOperator(server, 'admin');
  }, 300_000);
  afterAll(() => server.close(), 120_000);

  const publicList = async (language = 'en') =>
    (await call(server.baseUrl, '/v1/cms/content/p/1-50', { language })).json.data;
  const text = (language: string) => ({ title: `Title ${language}`, body: `<p>Body ${language}</p>` });

  it('a draft is edited, refused publication until all eleven languages are there, then published once', async () => {
    const created = await admin.call('POST', '/ops/v1/announcements', {
      translations: { en: { ...text('en'), body: '<p>Hi<script>alert(1)</script></p>' } },
      reason: 'maintenance notice',
    });
    expect(created.json.data).toEqual({ id: expect.any(String), status: 'draft' });
    const { id } = created.json.data;
    const listed = (await admin.call('GET', '/ops/v1/announcements')).json.data;
    expect(listed[0]).toEqual({
      id,
      status: 'draft',
      publishTime: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      translations: { en: { title: 'Title en', summary: 'Hi', body: '<p>Hi</p>' } },
    });
    // Drafts never reach the app, neither in the list nor by id.
    expect(await publicList()).toMatchObject({ total: 0 });
    expect((await call(server.baseUrl, `/v1/cms/content/${id}`, {})).json.code).toBe(1404);

    const incomplete = await admin.call('POST', `/ops/v1/announcements/${id}/publish`);
    expect(incomplete.status).toBe(400);
    expect(incomplete.json.msg).toContain('zhCN');

    const all = Object.fromEntries(LANGUAGE_CODES.map((l) => [l, text(l)]));
    const updated = await admin.call('PUT', `/ops/v1/announcements/${id}`, { translations: all });
    expect(updated.json.data).toMatchObject({ id, status: 'draft', publishTime: null });
    expect(Object.keys(updated.json.data.translations).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(updated.json.data.translations.ar).toEqual({
      title: 'Title ar',
      summary: 'Body ar',
      body: '<p>Body ar</p>',
    });

    const published = await admin.call('POST', `/ops/v1/announcements/${id}/publish`);
    expect(published.json.data).toEqual({ id, status: 'published', publishTime: expect.any(Number) });
    expect((await admin.call('POST', `/ops/v1/announcements/${id}/publish`)).status).toBe(409);
    const edit = await admin.call('PUT', `/ops/v1/announcements/${id}`, { translations: all });
    expect(edit.status).toBe(409);
    expect(edit.json.code).toBe(1409);

    const shown = await publicList('ar');
    expect(shown).toMatchObject({ total: 1, list: [{ id, title: 'Title ar', language: 'ar' }] });
    expect((await admin.call('GET', '/ops/v1/announcements')).json.data[0]).toMatchObject({
      id,
      status: 'published',
      publishTime: published.json.data.publishTime,
    });

    const audit = (await admin.call('GET', `/ops/v1/audit?target=announcement:${id}`)).json.data.list;
    expect(audit.map((r: { action: string; operator: string }) => [r.action, r.operator])).toEqual([
      ['announcement-publish', admin.username],
      ['announcement-update', admin.username],
      ['announcement-create', admin.username],
    ]);
    expect(audit[2]).toMatchObject({ reason: 'maintenance notice', role: 'admin' });
    expect(audit[1].before.translations).toEqual([
      { language: 'en', title: 'Title en', summary: 'Hi', body: '<p>Hi</p>' },
    ]);
    expect(audit[1].after.translations).toHaveLength(11);
    expect(audit[0].after).toEqual({ status: 'published', publishTime: expect.any(String) });
  });

  it('a second draft stays hidden beside a published one; unknown ids answer 404', async () => {
    const draft = await admin.call('POST', '/ops/v1/announcements', { translations: { fr: text('fr') } });
    expect((await publicList('fr')).list.map((a: { id: string }) => a.id)).not.toContain(draft.json.data.id);
    expect((await admin.call('PUT', '/ops/v1/announcements/999999', { translations: {} })).status).toBe(404);
    expect((await admin.call('POST', '/ops/v1/announcements/999999/publish')).status).toBe(404);
  });

  it('enrol: the TOTP URI before the first sign-in only; a wrong password is refused and counted', async () => {
    const added = await addOperator(server, 'support');
    const enroll = (password: string) =>
      fetch(`${server.baseUrl}/ops/v1/auth/enroll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: added.username, password }),
        // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));

    const wrong = await enroll(`${added.password}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe(1228);
    const first = await enroll(added.password);
    expect(first.json.data).toEqual({ otpauthUri: added.otpauthUri });
    // The QR's code signs in; from then on enrolment answers as a wrong password would.
    const signedIn = await login(server, {
      username: added.username,
      password: added.password,
      totp: totpCode(first.json.data.otpauthUri),
    });
    expect(signedIn.status).toBe(200);
    const after = await enroll(added.password);
    expect(after.status).toBe(400);
    expect(after.json.code).toBe(1228);
    expect(JSON.stringify(after.json)).not.toContain('otpauth');

    const operators = (await admin.call('GET', '/ops/v1/operators')).json.data;
    expect(operators.find((o: { username: string }) => o.username === added.username)).toMatchObject({
      firstLoginAt: expect.any(Number),
    });
    const rows = (await admin.call('GET', `/ops/v1/audit?target=operator:${added.username}&action=enroll`)).json.data
      .list;
    expect(rows).toEqual([expect.objectContaining({ operator: added.username, role: 'support' })]);
  }, 120_000); // slow password hashes on a busy machine

  it('refuses bad input with 400, never 500', async () => {
    for (const [path, body] of [
      ['/ops/v1/auth/enroll', { username: 'a\u0000b', password: 'x' }],
      ['/ops/v1/auth/login', { username: 'a\u0000b', password: 'x', totp: '123456' }],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(400);
    }
    for (const path of ['/ops/v1/users?q=a%00b', '/ops/v1/users/abc', '/ops/v1/users/99999999999999999999']) {
      expect((await admin.call('GET', path)).status, path).toBe(400);
    }
    const bad = await admin.call('POST', '/ops/v1/announcements', { translations: { xx: text('xx') } });
    expect(bad.status).toBe(400);
    const nul = await admin.call('POST', '/ops/v1/announcements', { translations: { en: text('\u0000') } });
    expect(nul.status).toBe(400);
  });

  it("enrol failures spend the client's sign-in budget on that name, as sign-in failures do", async () => {
    const added = await addOperator(server, 'finance');
    // The six attempts in one 15-minute window: each is a slow hash, most of a minute on a loaded machine.
    await awayFromWindowEdge(POLICIES.operatorLogin.windowMs, 60_000);
    for (let i = 0; i < 5; i++) {
      // POLICIES.operatorLogin.perAccountAndIp wrong passwords from this client.
      const res = await fetch(`${server.baseUrl}/ops/v1/auth/enroll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: added.username, password: 'wrong-password' }),
      });
      expect(res.status).toBe(400);
    }
    const locked = await login(server, {
      username: added.username,
      password: added.password,
      totp: totpCode(added.otpauthUri),
    });
    expect(locked.status).toBe(429);
  }, 120_000); // slow password hashes on a busy machine

  it('GET /ops/v1/config lists every known setting, set or not, with its meaning', async () => {
    const KEY = 'price.reference.cow';
    const before = (await admin.call('GET', '/ops/v1/config')).json.data;
    const unset = before.find((s: { key: string }) => s.key === KEY);
    expect(unset).toEqual({
      key: KEY,
      value: null,
      updatedAt: null,
      updatedBy: null,
      meaning: expect.any(String),
      fourEyes: false,
    });
    expect(unset.meaning).toContain('USDT price of one COW');
    expect(before.find((s: { key: string }) => s.key === 'pledge.rate.90')).toMatchObject({
      value: expect.any(String),
      updatedBy: 'seed',
      meaning: 'percent for the 90-day period',
    });
    expect(before.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining(['machine.dailyRate', 'team.level.1.rate', 'pledge.dailyLimit']),
    );
    const set = await admin.call('POST', '/ops/v1/config', { key: KEY, value: '0.25', reason: 'listing' });
    expect(set.json.data).toEqual({ status: 'applied', key: KEY, before: null, after: '0.25' });
    const after = (await admin.call('GET', '/ops/v1/config')).json.data;
    expect(after.find((s: { key: string }) => s.key === KEY)).toEqual({
      key: KEY,
      value: '0.25',
      updatedAt: expect.any(Number),
      updatedBy: admin.username,
      meaning: unset.meaning,
      fourEyes: false,
    });
    expect(after).toHaveLength(before.length);
  });
});
