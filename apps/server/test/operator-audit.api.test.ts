import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operator, signInOperator } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { signUp } from './users.ts';

describe('[api] the operators audit trail', () => {
  let server: TestServer;
  let admin: Operator;
  let finance: Operator;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInOperator(server, 'admin');
    finance = await signInOperator(server, 'finance');
  }, 300_000); // slow password hashes for each sign-in on a busy machine
  afterAll(() => server.close(), 120_000);

  it('writes one row per action: who, role, action, target, before and after, reason, client address', async () => {
    const set = await admin.call('POST', '/ops/v1/config', { key: 'pledge.rate.90', value: '6.5', reason: 'spring' });
    expect(set.status).toBe(200);
    const user = await signUp(server);
    const credited = await finance.call('POST', '/ops/v1/credit', {
      username: user.username,
      currency: 'aidf',
      amount: '5',
      reason: 'goodwill',
    });
    expect(credited.json.data.status).toBe('credited');

    const settings = await admin.call('GET', '/ops/v1/audit?page=1&size=50&target=setting:pledge.rate.90');
    expect(settings.json.data.total).toBe(1);
    expect(settings.json.data.list[0]).toMatchObject({
      operator: admin.username,
      role: 'admin',
      action: 'setting',
      target: 'setting:pledge.rate.90',
      after: { value: '6.5' },
      reason: 'spring',
      clientAddress: '127.0.0.1',
    });
    expect(settings.json.data.list[0].before).toEqual({ value: expect.any(String) });
    const credits = await admin.call('GET', `/ops/v1/audit?operator=${finance.username}&action=credit`);
    expect(credits.json.data.list).toEqual([
      expect.objectContaining({
        role: 'finance',
        target: expect.stringMatching(/^user:\d+$/),
        after: { currency: 'aidf', submode: '00', amount: '5' },
        reason: 'goodwill',
        movementId: expect.any(String),
      }),
    ]);
  });

  it('lists newest first, a page at a time, with the total; only admins read it', async () => {
    const all = await admin.call('GET', '/ops/v1/audit?page=1&size=50');
    const ids = all.json.data.list.map((r: { id: string }) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.json.data.total).toBe(ids.length);
    // Sign-ins are actions too: the two of beforeAll.
    expect(all.json.data.list.filter((r: { action: string }) => r.action === 'login')).toHaveLength(2);
    const second = await admin.call('GET', '/ops/v1/audit?page=2&size=2');
    expect(second.json.data.list.map((r: { id: string }) => Number(r.id))).toEqual(ids.slice(2, 4));
    expect(second.json.data.total).toBe(ids.length);
    expect((await finance.call('GET', '/ops/v1/audit')).status).toBe(403);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of its rows in the database itself', async () => {
    const db = server.database.db;
    await expect(db.execute(sql`UPDATE operator_actions SET reason = 'nothing happened'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM operator_actions`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE operator_actions`)).rejects.toThrow();
    const left = await admin.call('GET', '/ops/v1/audit?action=setting');
    expect(left.json.data.list[0].reason).toBe('spring');
  });
});
