import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevMailbox, startDevMailbox } from '../src/dev/mailbox.ts';
import { sendLoginCode } from '../src/domain/auth/email-login.ts';
import { smtpMailer } from '../src/domain/mail/mailer.ts';
import { sendOutbox } from '../src/domain/notifications/mail-outbox.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { creditConfirmedDeposits, depositAddressOf, outsideWallet } from './treasury-bsc.ts';
import { type Account, credit, signUp, transferBody, uniqueTimestamp } from './users.ts';
import { signed } from './wallets.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DAY_MS = 86_400_000;
const dayAfter = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/**
 * The inbox, its e-mails (real SMTP through the dev mailbox) and the signed-in devices, on the BNB Smart Chain dev
 * chain: a deposit credited tells the user once in the inbox and once by e-mail with the anti-phishing word.
 */
describe('[api] notifications: inbox, e-mails with the anti-phishing word, devices', () => {
  let server: ChainTestServer;
  let mailbox: DevMailbox;
  const mailer = () => smtpMailer(mailbox.smtpUrl);

  let codesSent = 0;
  /**
   * Signs in by an e-mail code from the browser `userAgent`, in `language`; answers the session's token. The codes
   * are sent through the domain at times a minute apart in the past, so the API's 60 s resend limit allows them all.
   */
  async function emailSignIn(email: string, userAgent: string, language: 'en' | 'fr' | 'ja' = 'en') {
    const headers = { 'user-agent': userAgent };
    const m = mailer();
    const sentAt = new Date(Date.now() - 9 * 60_000 + codesSent++ * 61_000);
    const verifyCodeId = await sendLoginCode(server.repos, m, { email, language, now: sentAt });
    m.close();
    const code = mailbox
      .messages()
      .find((mail) => mail.to.includes(email) && /\b\d{6}\b/.test(mail.text))
      ?.text.match(/\b(\d{6})\b/)?.[1];
    const res = await call(server.baseUrl, `/v1/sso/login/message/${encodeURIComponent(email)}`, {
      body: { verifyCodeId, verifyCode: code, prodId: 3 },
      language,
      headers,
    });
    expect(res.status, res.text).toBe(200);
    return { token: res.headers.get('authorization') ?? '', mid: String(res.json.data.mid) };
  }
  const get = (path: string, token: string, language = 'en') =>
    call(server.baseUrl, path, { method: 'GET', token, language });
  const post = (path: string, token: string, body?: unknown, language = 'en') =>
    call(server.baseUrl, path, { token, language, ...(body === undefined ? {} : { body }) });
  const inbox = async (token: string) => (await get('/v1/ma/notice/p/1-50', token)).json.data;
  const mailsTo = (email: string) => mailbox.messages().filter((m) => m.to.includes(email) && !/\d{6}/.test(m.text));

  beforeAll(async () => {
    mailbox = await startDevMailbox();
    server = await startChainTestServer({ SMTP_URL: mailbox.smtpUrl });
  });
  afterAll(async () => {
    await server?.close();
    await mailbox?.close();
  });

  it('tells a credited deposit once in the inbox and once by e-mail, with the word, in the user language', async () => {
    const email = 'dana@example.com';
    const dana = await emailSignIn(email, PHONE, 'fr');
    const word = await post('/v1/ma/notice/settings', dana.token, { antiPhishingWord: 'Tournesol42' });
    expect(word.status, word.text).toBe(200);
    expect(word.json.data).toMatchObject({ antiPhishingWord: 'Tournesol42', hasEmail: true });

    const account = { mid: dana.mid, token: dana.token } as Account;
    const address = await depositAddressOf(server, account);
    const sender = await outsideWallet(server);
    await sender.send(address, 'cow', '12.5');
    await creditConfirmedDeposits(server);
    // A rescan of the same blocks (another instance, a restart) tells nothing new.
    await creditConfirmedDeposits(server);

    const items = await inbox(dana.token);
    expect(items.total).toBe(1);
    expect(items.list[0]).toMatchObject({ kind: 'deposit-credited', read: false });
    expect(items.list[0].params).toEqual({ amount: '12.5', currency: 'COW' });
    expect((await get('/v1/ma/notice/unread', dana.token)).json.data).toEqual({ unread: 1 });

    const m = mailer();
    expect(await sendOutbox(server.repos, m)).toBe(1);
    // Sent and recorded: a second round sends nothing again.
    expect(await sendOutbox(server.repos, m)).toBe(0);
    m.close();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Votre dépôt de 12.5 COW a été crédité');
    expect(mails[0]?.text).toContain('Tournesol42');

    expect((await post(`/v1/ma/notice/read/${items.list[0].id}`, dana.token)).status).toBe(200);
    expect((await get('/v1/ma/notice/unread', dana.token)).json.data).toEqual({ unread: 0 });
  });

  it('refuses a bad word, a security opt-out and a stranger item, in the user language, changing nothing', async () => {
    const erin = await emailSignIn('erin@example.com', PHONE);
    const set = (body: unknown, language = 'en') => post('/v1/ma/notice/settings', erin.token, body, language);
    expect((await set({ antiPhishingWord: 'Apfel7' })).status).toBe(200);

    for (const bad of ['abc', 'has space', '<a href=x>', 'x'.repeat(21)]) {
      const res = await set({ antiPhishingWord: bad }, 'ar');
      expect(res.status).toBe(400);
      expect(res.json.code).toBe(81100);
    }
    const security = await set({ emailOptOut: ['deposit-credited', 'password'] });
    expect(security.json.code).toBe(81101);
    const settings = (await get('/v1/ma/notice/settings', erin.token)).json.data;
    expect(settings).toMatchObject({ antiPhishingWord: 'Apfel7', emailOptOut: [] });

    expect((await set({ emailOptOut: ['deposit-credited'] })).json.data.emailOptOut).toEqual(['deposit-credited']);
    expect((await post('/v1/ma/notice/read/999999999', erin.token)).json.code).toBe(1404);
    expect((await post('/v1/sso/sessions/0123456789abcdef/logout', erin.token)).json.code).toBe(81102);
  });

  it('lists the devices with the browser and the address prefix, tells a new device once, signs out', async () => {
    const email = 'fay@example.com';
    const phone = await emailSignIn(email, PHONE);
    await post('/v1/ma/notice/settings', phone.token, { antiPhishingWord: 'Zitrone99' });
    // The same browser again: a known device, nothing told.
    const phoneAgain = await emailSignIn(email, PHONE);
    expect((await inbox(phoneAgain.token)).total).toBe(0);

    const laptop = await emailSignIn(email, LAPTOP, 'ja');
    const told = await inbox(laptop.token);
    expect(told.total).toBe(1);
    expect(told.list[0]).toMatchObject({ kind: 'new-device', params: { browser: 'Safari · macOS', ip: '127.0.0.x' } });
    const m = mailer();
    await sendOutbox(server.repos, m);
    m.close();
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('AIDF アカウントへの新しいログイン：Safari · macOS（127.0.0.x）');
    expect(mail?.text).toContain('Zitrone99');

    const devices = (await get('/v1/sso/sessions', laptop.token)).json.data.list;
    expect(devices).toHaveLength(3);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    expect(devices.map((d: { browser: string }) => d.browser).sort()).toEqual([
      'Chrome · Android',
      'Chrome · Android',
      'Safari · macOS',
    ]);
    expect(devices.every((d: { ipPrefix: string }) => d.ipPrefix === '127.0.0.x')).toBe(true);

    const other = devices.find((d: { current: boolean }) => !d.current);
    expect((await post(`/v1/sso/sessions/${other.id}/logout`, laptop.token)).status).toBe(200);
    expect((await get('/v1/sso/sessions', laptop.token)).json.data.list).toHaveLength(2);
    expect((await post('/v1/sso/sessions/logout-others', laptop.token)).status).toBe(200);
    expect((await get('/v1/ma/notice/unread', phone.token)).status).toBe(401);
    expect((await get('/v1/sso/sessions', laptop.token)).json.data.list).toHaveLength(1);
  });

  it('tells the receiver of a transfer once, also when the same signed transfer is sent again', async () => {
    const [ann, ben] = [await signUp(server), await signUp(server)];
    await credit(server, ann.username, 'usdt', '5');
    const body = await transferBody(ann, ben.username, 'usdt', '2');
    expect((await call(server.baseUrl, '/v1/cow/home/transfer', { token: ann.token, body })).status).toBe(200);
    expect((await call(server.baseUrl, '/v1/cow/home/transfer', { token: ann.token, body })).status).toBe(200);
    const items = await inbox(ben.token);
    expect(items.total).toBe(1);
    expect(items.list[0]).toMatchObject({
      kind: 'transfer-received',
      params: { amount: '2', currency: 'USDT', from: ann.username },
    });
  });

  it('tells the days of a pledge set-based: one summary a day, its maturity once, e-mails in one statement', async () => {
    const gil = await signUp(server);
    const email = 'gil@example.com';
    // The account's e-mail, as an e-mail sign-in or a bind would have set it.
    await server.database.db.execute(sql`UPDATE users SET email = ${email} WHERE id = ${BigInt(gil.mid)}`);
    await post('/v1/ma/notice/settings', gil.token, { antiPhishingWord: 'Granat31' });
    await post('/v1/ma/notice/settings', gil.token, { emailOptOut: ['daily-bonuses'] });
    await credit(server, gil.username, 'aidf', '500');
    const body = await signed(gil.wallet, 'pledge-', uniqueTimestamp());
    const pledged = await call(server.baseUrl, '/v1/cow/fund/pledge/100/30/00', { body, token: gil.token });
    expect(pledged.status, pledged.text).toBe(200);
    for (let d = 1; d <= 30; d++) await server.app.jobs.runDay('pledge-settlement', dayAfter(d), true);
    // A day run again books nothing new and tells nothing new.
    await server.app.jobs.runDay('pledge-settlement', dayAfter(30), true);

    const items = (await get('/v1/ma/notice/p/1-100', gil.token)).json.data;
    const kinds = items.list.map((n: { kind: string }) => n.kind);
    expect(kinds.filter((k: string) => k === 'daily-bonuses')).toHaveLength(30);
    const matured = items.list.filter((n: { kind: string }) => n.kind === 'pledge-matured');
    expect(matured).toHaveLength(1);
    expect(matured[0].params).toMatchObject({ amount: '100', currency: 'AIDF', day: dayAfter(30) });
    const m = mailer();
    await sendOutbox(server.repos, m);
    m.close();
    // The daily summaries' e-mails were turned off; the maturity's came, with the word.
    const mails = mailbox.messages().filter((mail) => mail.to.includes(email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your pledge of 100 AIDF matured and returned to your balance']);
    expect(mails[0]?.text).toContain('Granat31');
  });
});
