import { buildChangeEmailSignText } from '@aidf/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { sendLoginCode } from '../src/domain/auth/email-login.ts';
import { smtpMailer } from '../src/domain/mail/mailer.ts';
import { sendOutbox } from '../src/domain/notifications/mail-outbox.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp, uniqueTimestamp } from './users.ts';
import { signedText } from './wallets.ts';

/**
 * The e-mail change through the API with real SMTP (the dev mailbox): a code to the new address, the owner's proof (a
 * code to the current address, or the bound wallet's signature), the authenticator once it is on; the old address
 * told once, with the anti-phishing word; sign-in by code follows the address.
 */
describe('[api] e-mail change: codes, owner proof, authenticator, notice to the old address', () => {
  let server: TestServer;
  let mailbox: DevMailbox;
  const pass = (sql: string) => server.database.withSession((session) => session.exec(sql));
  const post = (path: string, token: string, body: unknown) => call(server.baseUrl, path, { token, body });
  const get = (path: string, token: string) => call(server.baseUrl, path, { method: 'GET', token });
  const requestCode = (token: string, email: string, to: 'new' | 'current') =>
    post('/v1/ma/user/email/code', token, { email, to });
  const change = (token: string, body: Record<string, unknown>) => post('/v1/ma/user/email', token, body);
  /** The newest code mailed to `email` (the mailbox lists the newest first). */
  const codeMailedTo = (email: string) =>
    mailbox
      .messages()
      .filter((m) => m.to.includes(email))
      .map((m) => m.text.match(/\b(\d{6})\b/)?.[1])
      .find((code) => code !== undefined) ?? '';
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
  const noticesOf = async (token: string) =>
    (
      (await get('/v1/ma/notice/p/1-50', token)).json.data.list as { kind: string; params: Record<string, string> }[]
    ).filter((n) => n.kind === 'email');
  const noticeMailsTo = (email: string) =>
    mailbox.messages().filter((m) => m.to.includes(email) && /e-mail of your AIDF account was changed/.test(m.subject));
  // The API allows a code per address a minute; a test that needs another one moves the earlier ones back (5 minutes:
  // emailSignIn's code is itself dated 61 s back, and a quick test reaches it within a second of the last code).
  const ageCodes = (email: string) =>
    pass(`UPDATE email_codes SET created_at = created_at - interval '5 minutes' WHERE email = '${email}'`);
  const deliverOutbox = async () => {
    const mailer = smtpMailer(mailbox.smtpUrl);
    await sendOutbox(server.repos, mailer);
    mailer.close();
  };

  /** Signs in by an e-mail code (sent through the domain, a minute in the past); answers the token and the account. */
  async function emailSignIn(email: string) {
    const mailer = smtpMailer(mailbox.smtpUrl);
    const verifyCodeId = await sendLoginCode(server.repos, mailer, {
      email,
      language: 'en',
      now: new Date(Date.now() - 61_000),
    });
    mailer.close();
    const res = await call(server.baseUrl, `/v1/sso/login/message/${encodeURIComponent(email)}`, {
      body: { verifyCodeId, verifyCode: codeMailedTo(email), prodId: 3 },
    });
    expect(res.status, res.text).toBe(200);
    return { token: res.headers.get('authorization') ?? '', mid: String(res.json.data.mid) };
  }

  /** The bound wallet's signature of the change to `email`. */
  const walletProof = (user: Account, email: string) =>
    signedText(user.wallet, (timestampMs) => buildChangeEmailSignText({ host: user.host, timestampMs, email }));

  beforeAll(async () => {
    mailbox = await startDevMailbox();
    server = await startTestServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  it('changes the e-mail of an e-mail account with both codes; wrong, foreign and expired codes change nothing', async () => {
    const old = `old-${uniqueTimestamp()}@example.com`;
    const fresh = `New-${uniqueTimestamp()}@Example.com`;
    const freshNormal = fresh.toLowerCase();
    const me = await emailSignIn(old);
    // The same account signed in elsewhere: signed out by the change, while the session making it stays.
    await ageCodes(old);
    const elsewhere = await emailSignIn(old);
    expect(elsewhere.mid).toBe(me.mid);
    expect((await post('/v1/ma/notice/settings', me.token, { antiPhishingWord: 'Kingfisher7' })).status).toBe(200);

    expect((await requestCode(me.token, old, 'new')).json.code).toBe(81115);
    expect((await requestCode(me.token, 'someone@example.com', 'current')).json.code).toBe(81014);
    const newCodeId = (await requestCode(me.token, fresh, 'new')).json.data;
    expect(mailbox.messages()[0]?.subject).toBe('Your AIDF code to confirm this e-mail address');
    const newCode = codeMailedTo(freshNormal);
    await ageCodes(old);
    const ownerCodeId = (await requestCode(me.token, old, 'current')).json.data;
    expect(mailbox.messages()[0]?.subject).toBe('Your AIDF code to change your e-mail');
    const ownerCode = codeMailedTo(old);
    const body = { email: fresh, verifyCodeId: newCodeId, verifyCode: newCode, ownerCodeId, ownerCode };

    // No owner proof, a wrong code of either address: refused, and neither code is used up by the other's typo.
    expect((await change(me.token, { ...body, ownerCodeId: undefined, ownerCode: undefined })).json.code).toBe(81014);
    expect((await change(me.token, { ...body, verifyCode: otherThan(newCode) })).json.code).toBe(1227);
    expect((await change(me.token, { ...body, ownerCode: otherThan(ownerCode) })).json.code).toBe(1227);
    // The new address's code does not stand in for the owner's (each is of its own address and purpose).
    expect((await change(me.token, { ...body, ownerCodeId: newCodeId, ownerCode: newCode })).json.code).toBe(1227);
    expect((await get(`/v1/ma/user/${me.mid}`, me.token)).json.data.email).toBe(old);

    const changed = await change(me.token, body);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data.email).toBe(freshNormal);
    // Held as after a password change.
    expect(changed.json.data.securityHoldUntil).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await change(me.token, body)).json.code).toBe(81115);
    expect((await get(`/v1/ma/user/${me.mid}`, elsewhere.token)).status).toBe(401);

    // The old address is told once (inbox and e-mail with the word), naming the new one masked.
    expect(await noticesOf(me.token)).toEqual([expect.objectContaining({ params: { address: 'n***@example.com' } })]);
    await deliverOutbox();
    await deliverOutbox();
    const told = noticeMailsTo(old);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe('The e-mail of your AIDF account was changed to n***@example.com');
    expect(told[0]?.text).toContain('Kingfisher7');
    expect(noticeMailsTo(freshNormal)).toHaveLength(0);

    // Sign-in by code: the new address opens this account; the old one no longer does (it would open a new one).
    await ageCodes(freshNormal);
    expect((await emailSignIn(freshNormal)).mid).toBe(me.mid);
    await ageCodes(old);
    expect((await emailSignIn(old)).mid).not.toBe(me.mid);

    // A code mailed to another address, and an expired one, change nothing.
    const third = `third-${uniqueTimestamp()}@example.com`;
    const thirdCodeId = (await requestCode(me.token, third, 'new')).json.data;
    const thirdCode = codeMailedTo(third);
    await ageCodes(freshNormal);
    const ownerAgainId = (await requestCode(me.token, freshNormal, 'current')).json.data;
    const again = { email: third, ownerCodeId: ownerAgainId, ownerCode: codeMailedTo(freshNormal) };
    expect((await change(me.token, { ...again, verifyCodeId: newCodeId, verifyCode: newCode })).json.code).toBe(1227);
    await pass(`UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE id = ${thirdCodeId}`);
    expect((await change(me.token, { ...again, verifyCodeId: thirdCodeId, verifyCode: thirdCode })).json.code).toBe(
      1227,
    );
    expect((await get(`/v1/ma/user/${me.mid}`, me.token)).json.data.email).toBe(freshNormal);
    // About thirty requests and four sign-ins: on a machine shared by many, more than the default 30 s.
  }, 120_000);

  it('refuses an address of another account only to whoever proved it, and leaves both accounts as they were', async () => {
    const taken = `taken-${uniqueTimestamp()}@example.com`;
    const owner = await emailSignIn(taken);
    const user = await signUp(server);
    // The code request answers alike for any address: it does not tell that this one has an account.
    const sent = await requestCode(user.token, taken, 'new');
    expect(sent.status).toBe(200);
    const body = { email: taken, verifyCodeId: sent.json.data, ...(await walletProof(user, taken)) };
    expect((await change(user.token, { ...body, verifyCode: otherThan(codeMailedTo(taken)) })).json.code).toBe(1227);
    expect((await change(user.token, { ...body, verifyCode: codeMailedTo(taken) })).json.code).toBe(81114);
    expect((await get(`/v1/ma/user/${user.mid}`, user.token)).json.data.email).toBeNull();
    expect((await get(`/v1/ma/user/${owner.mid}`, owner.token)).json.data.email).toBe(taken);
    expect(await noticesOf(user.token)).toEqual([]);
  });

  it('adds an e-mail to a wallet account with its wallet and, once on, the authenticator; the new address is told', async () => {
    const user = await signUp(server);
    const email = `added-${uniqueTimestamp()}@example.com`;
    // A wallet account proves itself with its wallet, not with a code to an address it does not have.
    expect((await requestCode(user.token, email, 'current')).json.code).toBe(81013);

    const AUTH = '/v1/ma/user/authenticator';
    const setup = (await post(`${AUTH}/setup`, user.token, {})).json.data as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), period: 30 });
    const codeAt = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
    const enabled = await post(`${AUTH}/enable`, user.token, { code: codeAt(0) });
    // A code is accepted once per 30 s step: the refusals below spend recovery codes, the change the next step.
    const recovery = enabled.json.data.recoveryCodes as string[];

    const verifyCodeId = (await requestCode(user.token, email, 'new')).json.data;
    const body = { email, verifyCodeId, verifyCode: codeMailedTo(email) };
    expect((await change(user.token, { ...body, ...(await walletProof(user, email)) })).json.code).toBe(81090);
    expect(
      (await change(user.token, { ...body, ...(await walletProof(user, email)), totpCode: otherThan(codeAt(1)) })).json
        .code,
    ).toBe(81091);
    expect((await change(user.token, { ...body, totpCode: recovery[0] })).json.code).toBe(81013);
    // A signature of another address's change is refused.
    const elsewhere = await walletProof(user, `else-${uniqueTimestamp()}@example.com`);
    expect((await change(user.token, { ...body, ...elsewhere, totpCode: recovery[1] })).json.code).toBe(1231);
    expect((await get(`/v1/ma/user/${user.mid}`, user.token)).json.data.email).toBeNull();

    const added = await change(user.token, { ...body, ...(await walletProof(user, email)), totpCode: codeAt(1) });
    expect(added.status, added.text).toBe(200);
    expect(added.json.data.email).toBe(email);
    expect(await noticesOf(user.token)).toHaveLength(1);
    await deliverOutbox();
    expect(noticeMailsTo(email)).toHaveLength(1);
    await ageCodes(email);
    expect((await emailSignIn(email)).mid).toBe(user.mid);

    // The code, once used, proves the address to nobody again: refused before whether the address is taken.
    const other = await signUp(server);
    const reused = await change(other.token, { ...body, ...(await walletProof(other, email)) });
    expect(reused.json.code).toBe(1227);
  });
});
