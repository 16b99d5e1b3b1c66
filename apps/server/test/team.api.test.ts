import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/dev/seed.ts';
import { buyInTest } from './team-helpers.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';
import { evmWallet, signed } from './wallets.ts';

/** The team as the API answers it (GET /v1/cow/user/child, POST /v1/cow/home/user). */
describe('[api] team', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** A first wallet sign-in through an invite link's code. */
  async function signUpInvited(inviteCode: string): Promise<Account> {
    const wallet = evmWallet();
    const res = await call(server.baseUrl, '/v1/sso/dapp/addressLogin', {
      body: {
        currency: wallet.currency,
        walletAddress: wallet.address,
        inviteCode,
        ...(await signed(wallet, 'Login-')),
      },
    });
    expect(res.status).toBe(200);
    return {
      wallet,
      token: res.headers.get('authorization') ?? '',
      mid: res.json.data.mid,
      username: res.json.data.username,
      host: new URL(server.baseUrl).host,
    };
  }
  const teamOf = (who: Account, query = '') =>
    call(server.baseUrl, `/v1/cow/user/child${query}`, { method: 'GET', token: who.token });

  it('an invited sign-in joins the team; a purchase pays the direct bonus and moves the level progress', async () => {
    const inviter = await signUp(server);
    const before = (await teamOf(inviter)).json.data;
    expect(before).toMatchObject({ starLevel: 0, teamPerformance: '0', directCount: 0, total: 0, list: [] });
    expect(before.next).toEqual({
      level: 1,
      volumeNeeded: '1000',
      directNeeded: 1,
      volumeMissing: '1000',
      directMissing: 1,
    });

    const friend = await signUpInvited(inviter.username);
    const grandchild = await signUpInvited(friend.username);
    await buyInTest(server.repos, BigInt(friend.mid), '600');
    await buyInTest(server.repos, BigInt(grandchild.mid), '500');

    const after = (await teamOf(inviter)).json.data;
    expect(after).toMatchObject({ starLevel: 1, teamPerformance: '1100', directCount: 1, teamSize: 2, total: 1 });
    expect(after.next).toEqual({
      level: 2,
      volumeNeeded: '5000',
      directNeeded: 2,
      volumeMissing: '3900',
      directMissing: 1,
    });
    expect(after.list).toEqual([
      {
        username: friend.username,
        starLevel: 0,
        performance: '500',
        ownVolume: '600',
        directCount: 1,
        joinedAt: expect.any(Number),
      },
    ]);
    // 5 % of 600 direct; on the 500 bought below the friend: level 1 reached (3 %), the friend is level 0.
    expect(after.income).toEqual([
      { type: 'cow-push-income', amount: '30' },
      { type: 'cow-sns-level-income', amount: '15' },
      { type: 'cow-sns-same-level-income', amount: '0' },
    ]);
    expect(await balanceOf(server, inviter, 'aidf')).toMatch(/^45(\.0+)?$/);
    const home = await call(server.baseUrl, '/v1/cow/home/user', { token: inviter.token });
    expect(home.json.data.starLevel).toBe(1);

    // Down into the friend's team; a stranger's team is refused.
    const down = (await teamOf(inviter, `?of=${friend.username}`)).json.data;
    expect(down).toMatchObject({ username: friend.username, teamPerformance: '500', directCount: 1 });
    expect(down.list.map((m: { username: string }) => m.username)).toEqual([grandchild.username]);
    const stranger = await signUp(server);
    const refused = await teamOf(inviter, `?of=${stranger.username}`);
    expect(refused.json.code).toBe(81045);
    const upward = await teamOf(friend, `?of=${inviter.username}`);
    expect(upward.json.code).toBe(81045);
  });

  it("npm start's demo team: alice sees six members on three levels, star level 2 and each kind of bonus", async () => {
    await seed(server.repos);
    const alice = await server.repos.users.byUsername('alice');
    if (!alice) throw new Error('no demo alice');
    const stats = await server.repos.team.stats(alice.id);
    expect({ level: stats.level, direct: stats.directCount, volume: Number(stats.teamVolume) }).toEqual({
      level: 2,
      direct: 2,
      volume: 7100,
    });
    expect(await server.repos.team.teamSize(alice.id)).toBe(6);
    const income = await server.repos.team.incomeByType(alice.id);
    expect([...income.keys()].sort()).toEqual(['cow-push-income', 'cow-sns-level-income', 'cow-sns-same-level-income']);
    expect(await seed(server.repos)).toMatchObject({ demoUsers: 0 });
  });
});
