import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN } from '../src/config.ts';
import { passwordHashStats } from '../src/domain/auth/password.ts';
import { POLICIES } from '../src/domain/limits/policies.ts';
import { awayFromWindowEdge } from './limit-window.ts';
import { addOperator, login, signInOperator, totpCode } from './operators.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { credit, ops, signUp } from './users.ts';

const execFileAsync = promisify(execFile);

describe('[api] operators are accounts', () => {
  let server: TestServer;
  // TRUST_PROXY=loopback: each test is its own client through X-Forwarded-For, so their limits are apart.
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
  }, 120_000); // a fresh database and server on a busy machine
  afterAll(() => server.close());

  it('npm run operator -- add-operator prints the one-time password and the otpauth URI that sign in', async () => {
    const env = { ...process.env, OPERATOR_URL: server.baseUrl };
    const { stdout } = await execFileAsync(
      path.resolve('node_modules/.bin/tsx'),
      ['apps/server/src/cli/operator.ts', 'add-operator', 'Alice', '--role', 'finance'],
      { env },
    );
    const password = /^password: (\S+)$/m.exec(stdout)?.[1];
    const uri = /^(otpauth:\/\/totp\/\S+)$/m.exec(stdout)?.[1];
    expect(password).toBeTruthy();
    expect(uri).toMatch(/^otpauth:\/\/totp\/AIDF:alice\?.*secret=[A-Z2-7]+/);
    const res = await login(server, { username: 'alice', password, totp: totpCode(uri ?? '') });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, data: { role: 'finance', username: 'alice' } });
    const me = await fetch(`${server.baseUrl}/ops/v1/auth/me`, {
      headers: { authorization: `Bearer ${res.json.data.token}` },
    });
    expect(((await me.json()) as { data: unknown }).data).toMatchObject({ username: 'alice', role: 'finance' });
    // Taken names, 'cli' and unknown roles are refused.
    expect((await ops(server, 'POST', '/ops/v1/operators', { username: 'alice', role: 'admin' })).status).toBe(400);
    expect((await ops(server, 'POST', '/ops/v1/operators', { username: 'cli', role: 'admin' })).status).toBe(400);
    expect((await ops(server, 'POST', '/ops/v1/operators', { username: 'bob', role: 'root' })).status).toBe(400);
  }, 120_000); // the command's own start and a slow password hash on a busy machine

  it('wrong password, wrong code, unknown name: the same 1228; a code signs in once', async () => {
    const op = await addOperator(server, 'support');
    const client = { 'x-forwarded-for': '198.51.100.1' };
    const code = totpCode(op.otpauthUri);
    for (const body of [
      { username: op.username, password: `${op.password}x`, totp: code },
      { username: op.username, password: op.password, totp: code === '000000' ? '111111' : '000000' },
      { username: 'nobody-here', password: op.password, totp: code },
    ]) {
      const res = await login(server, body, client);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 1228, data: null });
    }
    const first = await login(server, { username: op.username, password: op.password, totp: code }, client);
    expect(first.status).toBe(200);
    const replay = await login(server, { username: op.username, password: op.password, totp: code }, client);
    expect(replay.json.code).toBe(1228);
  }, 120_000); // 4 password sign-ins, each a fresh attempt window, on a busy machine

  it('6 wrong passwords from client A leave client B free; an unknown name answers as a known one; alerts', async () => {
    const op = await addOperator(server, 'finance');
    const a = { 'x-forwarded-for': '198.51.100.10' };
    const wrong = (username: string, client: Record<string, string>) =>
      login(server, { username, password: 'wrong-password', totp: '123456' }, client);
    // Six at once each: every attempt is counted before its hash, so all twelve fall in one limit window.
    const codesOf = async (username: string, client: Record<string, string>) =>
      (await Promise.all(Array.from({ length: 6 }, () => wrong(username, client)))).map((r) => r.json.code).sort();
    // The same answers for a real name and one nobody has.
    const [known, unknown] = await Promise.all([
      codesOf(op.username, a),
      codesOf('nobody-at-all', { 'x-forwarded-for': '198.51.100.11' }),
    ]);
    expect(known).toEqual([1228, 1228, 1228, 1228, 1228, 9000]);
    expect(unknown).toEqual(known);

    // Client A is spent on this name; the operator signs in from client B.
    const fromB = await login(
      server,
      { username: op.username, password: op.password, totp: totpCode(op.otpauthUri) },
      { 'x-forwarded-for': '198.51.100.12' },
    );
    expect(fromB.status).toBe(200);

    // The fifth failure of one client on one name is an alert: an audit row and the /metrics gauge.
    const alerts = (await ops(server, 'GET', `/ops/v1/audit?action=login-alert&target=operator:${op.username}`)).json
      .data.list;
    expect(alerts).toEqual([
      expect.objectContaining({ operator: 'sign-in', role: 'system', clientAddress: '198.51.100.10' }),
    ]);
    const metrics = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` },
    });
    expect(await metrics.text()).toMatch(/^aidf_operator_login_alerts [1-9]/m);
  }, 240_000); // 10 password sign-ins and an alert on a busy machine

  it('a wrong password, an unknown name and a disabled one answer alike, each after one slow hash', async () => {
    const live = await addOperator(server, 'support');
    const leaver = await addOperator(server, 'support');
    const off = await ops(server, 'POST', `/ops/v1/operators/${leaver.username}/disable`, { reason: 'left' });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    const tries = [
      { username: live.username, password: `${live.password}x`, totp: totpCode(live.otpauthUri) },
      { username: 'nobody-ever-here', password: live.password, totp: totpCode(live.otpauthUri) },
      // The disabled operator's own right password and code.
      { username: leaver.username, password: leaver.password, totp: totpCode(leaver.otpauthUri) },
    ];
    const answers = [];
    for (const [i, body] of tries.entries()) {
      const client = { 'x-forwarded-for': `198.51.100.${40 + i}` };
      await awayFromWindowEdge(POLICIES.operatorLogin.windowMs, 30_000);
      const seen = [];
      // Up to the budget of one (name, client) and one beyond it.
      for (let k = 0; k <= POLICIES.operatorLogin.perAccountAndIp; k++) {
        const before = passwordHashStats().started;
        const res = await login(server, body, client);
        seen.push({
          status: res.status,
          code: res.json.code,
          msg: res.json.msg,
          hashes: passwordHashStats().started - before,
        });
      }
      answers.push(seen);
    }
    const refused = { status: 400, code: 1228, msg: answers[0]?.[0]?.msg, hashes: 1 };
    expect(answers[0]).toEqual([
      ...Array.from({ length: POLICIES.operatorLogin.perAccountAndIp }, () => refused),
      // Beyond the budget: 9000 before any lookup or hash.
      { status: 429, code: 9000, msg: answers[0]?.[5]?.msg, hashes: 0 },
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The locked-out client is locked out for everyone's name, the operator is not: another client signs in.
    const fromA = await login(
      server,
      { username: live.username, password: live.password, totp: totpCode(live.otpauthUri) },
      { 'x-forwarded-for': '198.51.100.40' },
    );
    expect(fromA.json.code).toBe(9000);
    const fromB = await login(
      server,
      { username: live.username, password: live.password, totp: totpCode(live.otpauthUri) },
      { 'x-forwarded-for': '198.51.100.43' },
    );
    expect(fromB.status).toBe(200);
  }, 240_000);

  it('limits one client to 10 failures in 15 minutes over every name', async () => {
    const other = await addOperator(server, 'support');
    const client = { 'x-forwarded-for': '198.51.100.30' };
    // The eleven attempts in one 15-minute window: each is a slow hash, a minute in all on a loaded machine.
    await awayFromWindowEdge(POLICIES.operatorLogin.windowMs, 60_000);
    for (let i = 0; i < 10; i++) {
      const res = await login(server, { username: `ghost-${i}`, password: 'x', totp: '123456' }, client);
      expect(res.json.code).toBe(1228);
    }
    const limited = await login(
      server,
      { username: other.username, password: other.password, totp: totpCode(other.otpauthUri) },
      client,
    );
    expect(limited.status).toBe(429);
  }, 240_000);

  it('checks the role on every call; logout ends the token; OPERATOR_TOKEN is the admin operator cli', async () => {
    const support = await signInOperator(server, 'support');
    const user = await signUp(server);
    const refused = await support.call('POST', '/ops/v1/credit', {
      username: user.username,
      currency: 'aidf',
      amount: '1',
      reason: 'not mine to give',
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 403, data: null });
    expect((await support.call('GET', '/ops/v1/tickets')).status).toBe(200);
    expect((await support.call('POST', '/ops/v1/auth/logout')).status).toBe(200);
    expect((await support.call('GET', '/ops/v1/tickets')).status).toBe(401);

    await credit(server, user.username, 'aidf', '3');
    const me = await ops(server, 'GET', '/ops/v1/auth/me');
    expect(me.json.data).toMatchObject({ username: 'cli', role: 'admin' });
    const audit = await ops(server, 'GET', `/ops/v1/audit?action=credit&operator=cli`);
    expect(audit.json.data.list[0]).toMatchObject({
      operator: 'cli',
      role: 'admin',
      action: 'credit',
      detail: expect.objectContaining({ cliUser: 'tests', username: user.username }),
    });
  });
});
