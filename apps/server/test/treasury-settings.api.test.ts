import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operator, signIn } from './operators.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { ops, signUp } from './users.ts';

/**
 * The treasury's settings: bad values are refused with their own code and change nothing; a cold address is
 * changed only through four eyes, and checked again when approved.
 */
describe('[api] treasury settings', () => {
  let server: TestServer;
  let ada: Operator;
  let bob: Operator;
  beforeAll(async () => {
    server = await startTestServer({});
    const made = async (username: string) =>
      signIn(server, (await ops(server, 'POST', '/ops/v1/operators', { username, role: 'admin' })).json.data);
    ada = await made('ada');
    bob = await made('bob');
  }, 120_000);
  afterAll(() => server.close(), 120_000);

  const set = (by: Operator, key: string, value: string) =>
    by.call('POST', '/ops/v1/config', { key, value, reason: 'treasury limits' });
  const settingValue = async (key: string) =>
    ((await ada.call('GET', '/ops/v1/config')).json.data as { key: string; value: string | null }[]).find(
      (s) => s.key === key,
    )?.value;

  /** Proposed by `by`, approved by the other admin: how a money setting changes. */
  const setApproved = async (by: Operator, key: string, value: string) => {
    const proposed = await set(by, key, value);
    expect(proposed.json.data, `${key}=${value}`).toMatchObject({ status: 'proposed' });
    const approver = by === ada ? bob : ada;
    return approver.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`);
  };

  it('keeps hotMin at most hotMax, whichever is set second, when proposed and when approved', async () => {
    expect((await setApproved(ada, 'treasury.hotMax.bsc.usdt', '1000')).json.data.status).toBe('applied');
    const above = await set(ada, 'treasury.hotMin.bsc.usdt', '1000.5');
    expect(above.status).toBe(400);
    expect(above.json.code).toBe(81037);
    expect(await settingValue('treasury.hotMin.bsc.usdt')).toBeNull();
    expect((await setApproved(ada, 'treasury.hotMin.bsc.usdt', '1000')).json.data.status).toBe('applied');
    const below = await set(ada, 'treasury.hotMax.bsc.usdt', '999.999');
    expect(below.json.code).toBe(81037);
    expect(await settingValue('treasury.hotMax.bsc.usdt')).toBe('1000');

    // Two proposals, each fine when proposed: approved one after the other, hotMin would be above hotMax.
    expect((await setApproved(ada, 'treasury.hotMax.bsc.usdt', '2000')).json.data.status).toBe('applied');
    const min = await set(ada, 'treasury.hotMin.bsc.usdt', '1500');
    const max = await set(ada, 'treasury.hotMax.bsc.usdt', '1200');
    const approve = (id: string) => bob.call('POST', `/ops/v1/proposals/${id}/approve`);
    expect((await approve(min.json.data.proposalId)).json.data.status).toBe('applied');
    expect((await approve(max.json.data.proposalId)).json.code).toBe(81037);
    expect(await settingValue('treasury.hotMin.bsc.usdt')).toBe('1500');
    expect(await settingValue('treasury.hotMax.bsc.usdt')).toBe('2000');
  });

  it('refuses a negative or malformed amount and an unknown chain or currency (1225)', async () => {
    for (const [key, value] of [
      ['treasury.minSweep.usdt', '-1'],
      ['treasury.hotMax.solana.sol', '1e5'],
      ['treasury.hotMax.solana.cow', '10'],
      ['treasury.hotMax.tron.usdt', '10'],
    ] as const) {
      const res = await set(ada, key, value);
      expect(res.json.code, `${key}=${value}`).toBe(1225);
    }
    expect(await settingValue('treasury.minSweep.usdt')).toBeNull();
    expect((await setApproved(ada, 'treasury.minSweep.usdt', '25')).json.data.status).toBe('applied');
    expect(await settingValue('treasury.minSweep.usdt')).toBe('25');
  });

  it("refuses as cold address a wrong or missing checksum, the zero address and the platform's own deposit address", async () => {
    const user = await signUp(server);
    const deposit = (
      await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, { method: 'GET', token: user.token })
    ).json.data.address as string;
    const good = getAddress('0x8ba1f109551bd432803012645ac136ddd64dba72');
    const badCase = good.replace(/[a-f]/, (c) => c.toUpperCase());
    const solUser = await signUp(server);
    const solDeposit = (
      await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${solUser.mid}/A`, {
        method: 'GET',
        token: solUser.token,
      })
    ).json.data.address as string;
    for (const [key, value, code] of [
      ['treasury.coldAddress.bsc', badCase, 81016],
      ['treasury.coldAddress.bsc', '0x0000000000000000000000000000000000000000', 81017],
      ['treasury.coldAddress.bsc', deposit, 81018],
      // An address in one case carries no checksum: a money setting takes only the EIP-55 form.
      ['treasury.coldAddress.bsc', deposit.toLowerCase(), 81016],
      ['treasury.coldAddress.bsc', good.toLowerCase(), 81016],
      ['treasury.coldAddress.solana', '11111111111111111111111111111111', 81017],
      ['treasury.coldAddress.solana', solDeposit, 81018],
      ['treasury.coldAddress.solana', 'not an address', 1225],
    ] as const) {
      const res = await set(ada, key, value);
      expect(res.json.code, `${key}=${value}`).toBe(code);
    }
    expect(await settingValue('treasury.coldAddress.bsc')).toBeNull();
    const proposals = (await ada.call('GET', '/ops/v1/proposals?status=all')).json.data as { key?: string }[];
    expect(proposals.filter((p) => p.key?.startsWith('treasury.coldAddress.'))).toEqual([]);
  });

  it('changes a cold address only when a second admin approves, and checks it again then', async () => {
    const good = getAddress('0x8ba1f109551bd432803012645ac136ddd64dba72');
    const proposed = await set(ada, 'treasury.coldAddress.bsc', good);
    expect(proposed.json.data).toMatchObject({ status: 'proposed', proposalId: expect.any(String) });
    expect(await settingValue('treasury.coldAddress.bsc')).toBeNull();
    const own = await ada.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`);
    expect(own.status).toBe(403);
    const approved = await bob.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`);
    expect(approved.json.data).toMatchObject({ status: 'applied', key: 'treasury.coldAddress.bsc', after: good });
    expect(await settingValue('treasury.coldAddress.bsc')).toBe(good);

    // Proposed while valid; the platform then took the address as a deposit address: the approval is refused.
    const next = getAddress('0x1111111254eeb25477b68fb85ed929f73a960582');
    const pending = await set(ada, 'treasury.coldAddress.bsc', next);
    expect(pending.json.data.status).toBe('proposed');
    const user = await signUp(server);
    await server.database.db.execute(
      sql`INSERT INTO deposit_addresses (user_id, chain_currency, address, derivation_index)
          VALUES (${BigInt(user.mid)}, 'bnb', ${next}, ${Number(user.mid)})`,
    );
    const refused = await bob.call('POST', `/ops/v1/proposals/${pending.json.data.proposalId}/approve`);
    expect(refused.json.code).toBe(81018);
    expect(await settingValue('treasury.coldAddress.bsc')).toBe(good);
  });
});
