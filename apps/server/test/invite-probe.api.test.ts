import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { POLICIES } from '../src/domain/limits/policies.ts';
import { awayFromWindowEdge } from './limit-window.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { emailAccount, signUp } from './users.ts';

const followed = (server: TestServer, loginName: string) =>
  call(server.baseUrl, `/v1/ma/user/followed/invite/3/${encodeURIComponent(loginName)}`, { method: 'GET' });

describe('[api] the inviter lookup tells nobody whether an e-mail has an account', () => {
  let server: TestServer;
  let mailbox: DevMailbox;
  beforeAll(async () => {
    mailbox = await startDevMailbox();
    server = await startTestServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  });
  afterAll(async () => {
    await server.close();
    await mailbox.close();
  });

  it('an e-mail with an inviter, one without and one with no account answer exactly alike', async () => {
    const inviter = await signUp(server);
    await emailAccount(server, mailbox, 'invited@example.com', inviter.username);
    await emailAccount(server, mailbox, 'alone@example.com', null);

    const answers = await Promise.all(
      ['invited@example.com', 'alone@example.com', 'nobody@example.com', 'NoBody@Example.com'].map(async (email) => {
        const res = await followed(server, email);
        return { status: res.status, json: res.json };
      }),
    );
    expect(answers[0]).toEqual({ status: 200, json: { code: 200, msg: 'success', data: '1' } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // A username (the invite code users hand out) still answers its inviter.
    expect((await followed(server, inviter.username)).json.data).toBe('1');
  });
});

describe('[api] the inviter lookup is limited per client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it(`answers 429 (9000) after ${POLICIES.inviteLookup.perIp} lookups a minute from one client`, async () => {
    await awayFromWindowEdge(POLICIES.inviteLookup.windowMs, 20_000);
    for (let i = 0; i < POLICIES.inviteLookup.perIp; i++) {
      expect((await followed(server, `probe${i}@example.com`)).status).toBe(200);
    }
    const limited = await followed(server, 'one-more@example.com');
    expect({ status: limited.status, code: limited.json.code }).toEqual({ status: 429, code: 9000 });
  }, 90_000);
});
