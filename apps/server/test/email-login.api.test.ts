import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { EMAIL_CODE, sendLoginCode } from '../src/domain/auth/email-login.ts';
import { smtpMailer } from '../src/domain/mail/mailer.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';

/** The six-digit code of the newest mail to `to`, read off the SMTP server that received it. */
function codeIn(mailbox: DevMailbox, to: string) {
  const mail = mailbox.messages().find((m) => m.to.includes(to));
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return { code, mail };
}

const sendCode = (server: TestServer, email: string, language = 'en') =>
  call(server.baseUrl, `/v1/mc/user/msg/verifycode/${encodeURIComponent(email)}/message-login`, { language });

const loginWith = (server: TestServer, email: string, verifyCodeId: string, verifyCode: string) =>
  call(server.baseUrl, `/v1/sso/login/message/${encodeURIComponent(email)}`, {
    body: { verifyCodeId, verifyCode, inviteCode: null, prodId: 3 },
  });

describe('[api] e-mail code sign-in over real SMTP', () => {
  let server: TestServer;
  let mailbox: DevMailbox;
  beforeAll(async () => {
    // An SMTP server (smtp-server) on 127.0.0.1; the API server reaches it through SMTP_URL.
    mailbox = await startDevMailbox();
    server = await startTestServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  });
  afterAll(async () => {
    await server.close();
    await mailbox.close();
  });

  it('mails a 6-digit code and signs in with it, creating the account once', async () => {
    const sent = await sendCode(server, 'Alice@Example.com', 'ja');
    expect(sent.status).toBe(200);
    expect(sent.json.data).toMatch(/^\d+$/);
    const { code, mail } = codeIn(mailbox, 'alice@example.com');
    expect(mail?.subject).toBe('AIDF ログイン認証コード');

    const res = await loginWith(server, 'alice@example.com', sent.json.data, code);
    expect(res.status).toBe(200);
    expect(res.headers.get('authorization')).toBeTruthy();
    expect(res.json.data).toMatchObject({ email: 'alice@example.com', walletAddress: null });

    const reuse = await loginWith(server, 'alice@example.com', sent.json.data, code);
    expect(reuse.json.code).toBe(1227);
  });

  it('refuses an invalid e-mail with 1225', async () => {
    const res = await sendCode(server, 'not-an-email');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(1225);
  });

  it('answers 9000 to a second code within 60 s', async () => {
    expect((await sendCode(server, 'bob@example.com')).status).toBe(200);
    const again = await sendCode(server, 'bob@example.com');
    expect(again.status).toBe(429);
    expect(again.json.code).toBe(9000);
  });

  it('counts wrong codes: 1227 five times, then 9000 even for the right code', async () => {
    const sent = await sendCode(server, 'carol@example.com');
    const { code } = codeIn(mailbox, 'carol@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < EMAIL_CODE.maxTries; i++) {
      expect((await loginWith(server, 'carol@example.com', sent.json.data, wrong)).json.code).toBe(1227);
    }
    const locked = await loginWith(server, 'carol@example.com', sent.json.data, code);
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe(9000);
  });

  it('refuses a code of another e-mail address', async () => {
    const sent = await sendCode(server, 'dave@example.com');
    const { code } = codeIn(mailbox, 'dave@example.com');
    expect((await loginWith(server, 'erin@example.com', sent.json.data, code)).json.code).toBe(1227);
  });

  it('refuses an expired code', async () => {
    const mailer = smtpMailer(mailbox.smtpUrl);
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    const id = await sendLoginCode(server.repos, mailer, {
      email: 'frank@example.com',
      language: 'en',
      now: elevenMinutesAgo,
    });
    mailer.close();
    const { code } = codeIn(mailbox, 'frank@example.com');
    expect((await loginWith(server, 'frank@example.com', id, code)).json.code).toBe(1227);
  });

  it('sends at most 10 codes per e-mail per hour', async () => {
    const mailer = smtpMailer(mailbox.smtpUrl);
    const start = Date.now() - 50 * 60_000;
    for (let i = 0; i < EMAIL_CODE.perHour; i++) {
      await sendLoginCode(server.repos, mailer, {
        email: 'gina@example.com',
        language: 'en',
        now: new Date(start + i * 61_000),
      });
    }
    await expect(
      sendLoginCode(server.repos, mailer, { email: 'gina@example.com', language: 'en', now: new Date() }),
    ).rejects.toMatchObject({ code: 9000 });
    mailer.close();
  });
});
