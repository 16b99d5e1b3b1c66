import { WITHDRAW_PER_DAY } from '@aidf/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ChainTestServer, chainWallet } from './chain.ts';
import { signIn } from './operators.ts';
import { call, startTestServer } from './test-server.ts';
import { type Account, balanceOf, credit, ops, signUp, uniqueTimestamp, withdrawBody } from './users.ts';
import { signed } from './wallets.ts';
import { useWithdrawChain } from './withdraw-chain.ts';

let named = 0;
const uniqueName = () => `${++named}-${Date.now() % 1e6}`;

describe('COW withdrawal requests on the BNB Smart Chain dev chain', () => {
  const chain = useWithdrawChain();
  const { bsc, withdraw, row, ledgerOk } = chain;
  let server: ChainTestServer;
  beforeAll(() => {
    server = chain.server;
  });

  it('gives exactly 2 of 64 concurrent requests of one user, and debits those 2 only', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '1000');
    const receiver = (await chainWallet(server.evm)).address;
    const bodies = await Promise.all(Array.from({ length: 64 }, () => withdrawBody(user, '10', receiver)));
    const answers = await Promise.all(
      bodies.map((body) => call(server.baseUrl, '/v1/oms/assets/withdraw/web3', { token: user.token, body })),
    );
    const ok = answers.filter((a) => a.json.code === 200);
    expect(ok).toHaveLength(WITHDRAW_PER_DAY);
    expect(answers.filter((a) => a.json.code === 81008)).toHaveLength(64 - WITHDRAW_PER_DAY);
    expect(await balanceOf(server, user, 'cow')).toBe('980');
    expect(ok[0]?.json.data).toMatchObject({ amount: '10', fee: '0.05', receive: '9.95', status: 'requested' });
    const config = await call(server.baseUrl, '/v1/oms/assets/withdraw/config', { method: 'GET', token: user.token });
    expect(config.json.data).toMatchObject({ feeRate: '0.005', leftToday: 0, perDay: 2, arrivalMinutes: 15 });
    await ledgerOk();
  });

  it('answers a retried request with the first withdrawal and moves money once', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '100');
    const body = await withdrawBody(user, '40', (await chainWallet(server.evm)).address);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(server.baseUrl, '/v1/oms/assets/withdraw/web3', { token: user.token, body }),
      ),
    );
    expect(new Set(answers.map((a) => a.json.data?.id)).size).toBe(1);
    expect(answers.every((a) => a.json.code === 200)).toBe(true);
    expect(await balanceOf(server, user, 'cow')).toBe('60');
  });

  it('refuses bad requests with their code and changes nothing', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '50');
    const to = (await chainWallet(server.evm)).address;
    expect((await withdraw(user, '0.5', to)).json.code).toBe(81011);
    expect((await withdraw(user, '1000001', to)).json.code).toBe(81011);
    expect((await withdraw(user, '5', '0x1234')).json.code).toBe(81010);
    expect((await withdraw(user, '60', to)).json.code).toBe(1230);
    const stale = await withdrawBody(user, '5', to, Date.now() - 6 * 60_000);
    expect(
      (await call(server.baseUrl, '/v1/oms/assets/withdraw/web3', { token: user.token, body: stale })).json.code,
    ).toBe(1229);
    // An opaque text, naming nothing it authorises, says nothing of the withdrawal: refused.
    const wrongPrefix = {
      ...(await withdrawBody(user, '5', to)),
      ...(await signed(user.wallet, 'transfer-', uniqueTimestamp())),
    };
    expect(
      (await call(server.baseUrl, '/v1/oms/assets/withdraw/web3', { token: user.token, body: wrongPrefix })).json.code,
    ).toBe(1231);
    expect(await balanceOf(server, user, 'cow')).toBe('50');
    const list = await call(server.baseUrl, '/v1/oms/assets/withdraw/web3/p/1-10', {
      method: 'GET',
      token: user.token,
    });
    expect(list.json.data.total).toBe(0);
  });

  it("refuses a wrong-checksum, zero, hot-wallet or deposit address at request, and keeps an address's EIP-55 form", async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '50');
    const to = (await chainWallet(server.evm)).address; // EIP-55 form, mixed case
    const hex = to.slice(2);
    // One letter's case flipped: a mistyped (or altered) address whose checksum no longer matches.
    const at = [...hex].findIndex((c) => /[a-f]/i.test(c));
    const flipped = hex[at] === hex[at]?.toLowerCase() ? hex[at]?.toUpperCase() : hex[at]?.toLowerCase();
    const wrongChecksum = `0x${hex.slice(0, at)}${flipped}${hex.slice(at + 1)}`;
    expect((await withdraw(user, '5', wrongChecksum)).json.code).toBe(81016);
    expect((await withdraw(user, '5', `0x${'0'.repeat(40)}`)).json.code).toBe(81017);
    expect((await withdraw(user, '5', bsc().hotWallet.address.toLowerCase())).json.code).toBe(81018);
    const someonesDeposit = await signUp(server);
    const depositAddress = (
      await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${someonesDeposit.mid}/A`, {
        method: 'GET',
        token: someonesDeposit.token,
      })
    ).json.data.address as string;
    expect((await withdraw(user, '5', depositAddress)).json.code).toBe(81018);
    expect(await balanceOf(server, user, 'cow')).toBe('50');

    // An address in one case has no checksum to check: taken, and kept (and paid) in its EIP-55 form.
    const lower = await withdraw(user, '5', to.toLowerCase());
    expect(lower.json.code).toBe(200);
    expect(lower.json.data.address).toBe(to);
    expect((await row(lower.json.data.id)).toAddress).toBe(to);
  });

  it('answers 81034 and debits nothing while the COW contract is not configured', async () => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', '50');
    await server.database.withSession((session) =>
      session.exec(
        `UPDATE token_configs SET contract_address = NULL WHERE chain_currency = 'bnb' AND currency = 'cow'`,
      ),
    );
    try {
      expect((await withdraw(user, '5', user.wallet.address)).json.code).toBe(81034);
      expect(await balanceOf(server, user, 'cow')).toBe('50');
    } finally {
      await server.repos.tokenConfigs.setContract('bnb', 'cow', server.evm.tokens.cow, 18);
    }
  });

  it("keeps each user within the day's and the 30 days' amount limits; one user's raise takes two operators", async () => {
    const admin = async (username: string) =>
      signIn(server, (await ops(server, 'POST', '/ops/v1/operators', { username, role: 'admin' })).json.data);
    const ada = await admin(`ada-${uniqueName()}`);
    const bob = await admin(`bob-${uniqueName()}`);
    const settingApplied = async (key: string, value: string) => {
      const proposed = await ada.call('POST', '/ops/v1/config', { key, value, reason: 'withdrawal limits' });
      expect(proposed.json.data.status, `${key} is a money setting`).toBe('proposed');
      const approved = await bob.call('POST', `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`);
      expect(approved.json.data).toMatchObject({ status: 'applied', after: value });
    };
    const limitsOf = async (mid: string) => (await ada.call('GET', `/ops/v1/users/${mid}/withdraw-limits`)).json;
    const config = async (u: Account) =>
      (await call(server.baseUrl, '/v1/oms/assets/withdraw/config', { method: 'GET', token: u.token })).json.data;
    try {
      expect(
        (await ada.call('POST', '/ops/v1/config', { key: 'withdraw.limit.day.cow', value: '-1', reason: 'x' })).json
          .code,
      ).toBe(1225);
      await settingApplied('withdraw.limit.day.cow', '30');
      await settingApplied('withdraw.limit.days30.cow', '45');
      const user = await signUp(server);
      const other = await signUp(server);
      await credit(server, user.username, 'cow', '200');
      const to = (await chainWallet(server.evm)).address;
      expect(await config(user)).toMatchObject({ dayLimit: '30', days30Limit: '45', amountLeftToday: '30' });

      const first = await withdraw(user, '20', to);
      expect(first.json.code).toBe(200);
      expect((await config(user)).amountLeftToday).toBe('10');
      expect((await withdraw(user, '15', to)).json.code).toBe(81080);
      expect(await balanceOf(server, user, 'cow')).toBe('180');

      // The first withdrawal a day earlier: today's limit is whole again, the 30 days' still counts it.
      await server.database.withSession((session) =>
        session.exec(`UPDATE withdrawals SET utc_day = utc_day - 1 WHERE id = ${BigInt(first.json.data.id)}`),
      );
      expect((await config(user)).amountLeftToday).toBe('25');
      expect((await withdraw(user, '26', to)).json.code).toBe(81081);
      expect(await balanceOf(server, user, 'cow')).toBe('180');

      // One user's own 30-day limit: a proposal; refused below zero, refused to its proposer, applied by a second.
      const raise = (amount: string) =>
        ada.call('POST', `/ops/v1/users/${user.mid}/withdraw-limit`, {
          currency: 'cow',
          period: 'days30',
          amount,
          reason: 'verified large holder',
        });
      expect((await limitsOf(user.mid)).data).toEqual([
        {
          currency: 'cow',
          platform: { day: '30', days30: '45' },
          own: { day: null, days30: null },
          left: { day: '30', days30: '25' },
        },
      ]);
      expect((await limitsOf('999999999999')).code).toBe(1226);
      expect((await raise('-5')).json.code).toBe(1225);
      const proposed = await raise('1000');
      expect(proposed.json.data.status).toBe('proposed');
      expect((await config(user)).days30Limit).toBe('45');
      const proposalPath = `/ops/v1/proposals/${proposed.json.data.proposalId}/approve`;
      expect((await ada.call('POST', proposalPath)).json.code).toBe(1403);
      expect((await bob.call('POST', proposalPath)).json.data).toMatchObject({ status: 'applied', after: '1000' });
      expect(await config(user)).toMatchObject({ dayLimit: '30', days30Limit: '1000', amountLeftToday: '30' });
      expect((await config(other)).days30Limit).toBe('45');
      expect((await withdraw(user, '26', to)).json.code).toBe(200);
      expect((await config(user)).amountLeftToday).toBe('4');
      expect((await limitsOf(user.mid)).data[0]).toMatchObject({
        platform: { day: '30', days30: '45' },
        own: { day: null, days30: '1000' },
        left: { day: '4', days30: '954' },
      });
      const audit = await ada.call('GET', `/ops/v1/audit?action=withdraw-limit&target=user:${user.mid}`);
      expect(audit.json.data.list).toHaveLength(1);
      expect(audit.json.data.list[0]).toMatchObject({ operator: bob.username });
      await ledgerOk();
    } finally {
      await server.database.withSession((session) =>
        session.exec(`DELETE FROM settings WHERE key LIKE 'withdraw.limit.%'`),
      );
    }
  });
});

describe('withdrawal without a configured chain', () => {
  it('answers 81034 and debits nothing: no payout worker could send it', async () => {
    const server = await startTestServer();
    try {
      const user = await signUp(server);
      await credit(server, user.username, 'cow', '50');
      const body = await withdrawBody(user, '5', user.wallet.address);
      const res = await call(server.baseUrl, '/v1/oms/assets/withdraw/web3', { token: user.token, body });
      expect(res.json.code).toBe(81034);
      expect(await balanceOf(server, user, 'cow')).toBe('50');
    } finally {
      await server.close();
    }
  });
});
