import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActions } from '../src/db/schema.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { imageWithMetadata, operatorGet, operatorPost, upload } from './ticket-files.ts';
import { type Account, credit, signUp, transferBody } from './users.ts';

const ticketBody = (content: string, extra: Record<string, unknown> = {}) => ({
  type: 4,
  content,
  priority: 2,
  receiveType: 1,
  attach: [],
  ...extra,
});

describe('[api] tickets: create, list, replies, follow-up, states', () => {
  let server: TestServer;
  let alice: Account;
  let bob: Account;
  const create = (user: Account, body: unknown) =>
    call(server.baseUrl, '/v1/cms/work/memberOrder', { body, token: user.token });
  const list = (user: Account, mid = user.mid) =>
    call(server.baseUrl, `/v1/cms/work/order/p/1-100/${mid}`, { token: user.token });
  const replies = (user: Account, no: string) =>
    call(server.baseUrl, `/v1/cms/work/order/memberCheck/p/${no}/1-100`, { token: user.token });
  const followUp = (user: Account, no: string, content: string, attach: string[] = []) =>
    call(server.baseUrl, `/v1/cms/work/order/reply/${no}`, { body: { content, attach }, token: user.token });
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  const openTickets = async (): Promise<any> => (await operatorGet(server, '/ops/v1/tickets')).json();
  const reply = (no: string, content: string) => operatorPost(server, `/ops/v1/tickets/${no}/reply`, { content });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUp(server);
    bob = await signUp(server);
  });
  afterAll(() => server.close());

  it('creates a ticket with an image, lists it not replied with createTime in seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const up = await upload(server, alice.token, [
      { name: 'shot.png', type: 'image/png', bytes: await imageWithMetadata('png') },
    ]);
    expect(up.status, up.text).toBe(200);
    const imageId = up.json.data.list[0].id;
    const res = await create(alice, ticketBody('My withdrawal has not arrived', { attach: [imageId] }));
    expect(res.status, res.text).toBe(200);
    const no = res.json.data.id;
    const page = (await list(alice)).json.data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toEqual({
      id: no,
      content: { content: 'My withdrawal has not arrived' },
      createTime: expect.any(Number),
      replied: false,
      about: null,
      attach: [imageId],
    });
    expect(page.list[0].createTime).toBeGreaterThanOrEqual(before);
    expect(page.list[0].createTime).toBeLessThan(before + 60); // seconds, not milliseconds
    expect((await replies(alice, no)).json.data).toEqual({ list: [], total: 0 });
  });

  it('an operator sees it among the open tickets, replies (audited), and the state becomes replied', async () => {
    const no = (await create(alice, ticketBody('Second question'))).json.data.id;
    const open = await openTickets();
    const mine = open.data.find((t: { ticketId: string }) => t.ticketId === no);
    expect(mine).toMatchObject({ username: alice.username, messages: [{ from: 'user', content: 'Second question' }] });
    // Oldest first: the first test's ticket comes before this one.
    const order = open.data.map((t: { ticketId: string }) => t.ticketId);
    expect(order.indexOf(no)).toBeGreaterThan(0);

    const res = await reply(no, 'We are looking at it.');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ id: no, status: 'replied' });
    const ticket = (await list(alice)).json.data.list.find((t: { id: string }) => t.id === no);
    expect(ticket.replied).toBe(true);
    // The reply is in the user's inbox, with the ticket's number.
    const inbox = await call(server.baseUrl, '/v1/ma/notice/p/1-10', { method: 'GET', token: alice.token });
    expect(inbox.json.data.list).toEqual([expect.objectContaining({ kind: 'ticket-replied', params: { ticket: no } })]);
    const r = (await replies(alice, no)).json.data;
    expect(r.total).toBe(1);
    expect(r.list[0]).toMatchObject({ from: 'operator', replyContent: { content: 'We are looking at it.' } });
    expect(r.list[0].createTime).toBeLessThan(Date.now() / 1000 + 5);
    const audit = await server.database.db
      .select({ operator: operatorActions.operator, detail: operatorActions.detail })
      .from(operatorActions)
      .where(eq(operatorActions.action, 'ticket-reply'));
    // OPERATOR_TOKEN is the operator cli; the name it gives (x-operator) is kept beside it, unverified.
    expect(audit).toEqual([
      { operator: 'cli', detail: expect.objectContaining({ ticketId: no, cliUser: 'support-alice' }) },
    ]);
    const stillOpen = await openTickets();
    expect(stillOpen.data.map((t: { ticketId: string }) => t.ticketId)).not.toContain(no);
  });

  it('8751: a follow-up before the reply is refused; after it, the follow-up reopens the ticket', async () => {
    const no = (await create(alice, ticketBody('Third'))).json.data.id;
    const early = await followUp(alice, no, 'any news?');
    expect(early.status).toBe(409);
    expect(early.json.code).toBe(8751);
    await reply(no, 'Answered.');
    const later = await followUp(alice, no, 'It still fails.');
    expect(later.status, later.text).toBe(200);
    const ticket = (await list(alice)).json.data.list.find((t: { id: string }) => t.id === no);
    expect(ticket.replied).toBe(false);
    expect((await replies(alice, no)).json.data.list.map((m: { from: string }) => m.from)).toEqual([
      'operator',
      'user',
    ]);
    const open = await openTickets();
    expect(open.data.map((t: { ticketId: string }) => t.ticketId)).toContain(no);
  });

  it('8751: a new ticket while 3 of yours wait for a reply', async () => {
    // alice now waits on the first and the third ticket; one more makes three.
    expect((await create(alice, ticketBody('Fourth'))).status).toBe(200);
    const refused = await create(alice, ticketBody('Fifth'));
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe(8751);
    expect((await list(alice)).json.data.total).toBe(4);
  });

  it("8752: another user's ticket or an unknown number: no replies, no follow-up; bob's list stays his own", async () => {
    const no = (await list(alice)).json.data.list[0].id;
    await reply(no, 'for alice only');
    for (const target of [no, '999999']) {
      const read = await replies(bob, target);
      expect(read.status).toBe(409);
      expect(read.json.code).toBe(8752);
      const write = await followUp(bob, target, 'let me in');
      expect(write.json.code).toBe(8752);
    }
    expect((await list(bob)).json.data).toEqual({ list: [], total: 0 });
    expect((await list(bob, alice.mid)).json.code).toBe(1226);
    expect((await reply('999999', 'nobody')).json.code).toBe(8752);
  });

  it("another user's image: not served to them, not attachable by them; served to the owner and operators", async () => {
    const ticket = (await list(alice)).json.data.list.find((t: { attach: string[] }) => t.attach.length > 0);
    const imageId = ticket.attach[0];
    const path = `/v1/cms/work/attach/${imageId}`;
    const own = await fetch(`${server.baseUrl}${path}`, { headers: await signedHeaders(path, alice.token) });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="feedback-\d+\.png"$/);
    const theirs = await call(server.baseUrl, path, { method: 'GET', token: bob.token });
    expect(theirs.status).toBe(404);
    expect(theirs.json.code).toBe(1404);
    const anonymous = await call(server.baseUrl, path, { method: 'GET' });
    expect(anonymous.status).toBe(401);
    const op = await operatorGet(server, `/ops/v1/attachments/${imageId}`);
    expect(op.status).toBe(200);
    expect(op.headers.get('x-content-type-options')).toBe('nosniff');

    const stolen = await create(bob, ticketBody('using alice image', { attach: [imageId] }));
    expect(stolen.json.code).toBe(1225);
    // An unused upload of alice's cannot be taken by bob either, and one of alice's cannot be used twice.
    const fresh = (
      await upload(server, alice.token, [
        { name: 'a.webp', type: 'image/webp', bytes: await imageWithMetadata('webp') },
      ])
    ).json.data.list[0].id;
    expect((await create(bob, ticketBody('mine now', { attach: [fresh] }))).json.code).toBe(1225);
    expect((await list(bob)).json.data.total).toBe(0);
  });

  it('each listed ticket shows its own first message and images, whoever wrote the others', async () => {
    // By now message ids and ticket ids differ (replies and follow-ups came between), as on a live platform.
    const up = await upload(server, bob.token, [
      { name: 'bob.png', type: 'image/png', bytes: await imageWithMetadata('png') },
    ]);
    const bobImage = up.json.data.list[0].id;
    const no = (await create(bob, ticketBody("Bob's deposit is missing", { attach: [bobImage] }))).json.data.id;
    expect((await list(bob)).json.data.list).toEqual([
      expect.objectContaining({ id: no, content: { content: "Bob's deposit is missing" }, attach: [bobImage] }),
    ]);
    const alices = (await list(alice)).json.data.list;
    expect(alices.map((t: { content: { content: string } }) => t.content.content)).toEqual([
      'Fourth',
      'Third',
      'Second question',
      'My withdrawal has not arrived',
    ]);
    expect(alices.map((t: { attach: string[] }) => t.attach.length)).toEqual([0, 0, 0, 1]);
  });

  it("a ticket names one of the user's records, picked from the list; not another user's", async () => {
    await credit(server, bob.username, 'aidf', '50');
    const sent = await call(server.baseUrl, '/v1/cow/home/transfer', {
      body: await transferBody(bob, alice.username, 'aidf', '12.5'),
      token: bob.token,
    });
    expect(sent.status, sent.text).toBe(200);
    const records = (await call(server.baseUrl, '/v1/cms/work/records', { method: 'GET', token: bob.token })).json.data
      .list;
    expect(records).toEqual([
      {
        kind: 'transfer',
        id: expect.any(String),
        currency: 'aidf',
        amount: '-12.5',
        status: null,
        createTime: expect.any(Number),
      },
    ]);
    const aliceRecords = (await call(server.baseUrl, '/v1/cms/work/records', { method: 'GET', token: alice.token }))
      .json.data.list;
    expect(aliceRecords).toEqual([expect.objectContaining({ kind: 'transfer', amount: '12.5' })]);
    const about = { kind: 'transfer', id: records[0].id };
    const res = await create(bob, ticketBody('Sent to the wrong person', { about }));
    expect(res.status, res.text).toBe(200);
    expect((await list(bob)).json.data.list[0].about).toEqual(about);
    const open = await openTickets();
    expect(open.data.find((t: { ticketId: string }) => t.ticketId === res.json.data.id).record).toMatchObject({
      kind: 'transfer',
      amount: '-12.5',
    });
    // A record that is not bob's: a withdrawal id nobody has, or a kind that does not exist.
    expect((await create(bob, ticketBody('x', { about: { kind: 'withdrawal', id: '777' } }))).json.code).toBe(1225);
    expect((await create(bob, ticketBody('x', { about: { kind: 'spaceship', id: '1' } }))).json.code).toBe(1225);
  });
});

/** The owner's GET of an image, signed like every call of the client. */
async function signedHeaders(path: string, token: string) {
  const { DEV_REQUEST_SIGN_SECRET, HEADERS, requestSignature } = await import('@aidf/contract');
  const timestamp = String(Date.now());
  return {
    [HEADERS.timestamp]: timestamp,
    [HEADERS.signature]: requestSignature({
      pathWithQuery: path,
      body: '',
      timestamp,
      secret: DEV_REQUEST_SIGN_SECRET,
    }),
    [HEADERS.authorization]: token,
  };
}
