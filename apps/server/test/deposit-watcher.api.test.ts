import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositSource } from '../src/chain/deposit-source.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';

const DEPTH = 15; // RULES.md: BSC deposits count after 15 blocks

describe('deposit watcher on the BNB Smart Chain dev chain', () => {
  let server: ChainTestServer;
  let user: Account;
  let depositAddress: `0x${string}`;
  let sender: Awaited<ReturnType<typeof chainWallet>>;
  let source: DepositSource;

  const watcher = (owner = 'instance-a', extra: Partial<Parameters<typeof depositWatcher>[0]> = {}) =>
    depositWatcher({ repos: server.repos, source, owner, allowChainReset: true, leaseMs: 60_000, ...extra });
  const cow = () => balanceOf(server, user, 'cow');
  /**
   * Runs ticks until the watcher has caught up with the confirmed head. Any other end throws unless the test
   * expects it (`mayLoseLease`, `mayStop`): a test must not pass because nothing was scanned.
   */
  async function scanAll(w = watcher(), { mayLoseLease = false, mayStop = false } = {}) {
    let credited = 0;
    for (let i = 0; i < 100; i++) {
      const result = await w.tick();
      if (result.outcome === 'scanned') {
        credited += result.credited;
        continue;
      }
      if (result.outcome === 'not-lease-holder' && !mayLoseLease) throw new Error('another instance holds the lease');
      if (result.outcome === 'stopped' && !mayStop) throw new Error(`the watcher stopped: ${result.reason}`);
      return { credited, last: result };
    }
    throw new Error('the watcher never caught up');
  }
  const releaseLeases = (...owners: string[]) =>
    Promise.all(owners.map((owner) => server.repos.chain.releaseLease('deposit-watcher:bsc', owner)));

  beforeAll(async () => {
    server = await startChainTestServer();
    if (!server.app.chains.bsc) throw new Error('BSC not configured');
    source = server.app.chains.bsc.deposits;
    user = await signUp(server);
    const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    depositAddress = res.json.data.address;
    sender = await chainWallet(server.evm, { cow: '1000' });
  });
  afterAll(() => server?.close());

  it('credits a 10 COW deposit once, only after the confirmation depth', async () => {
    await sender.sendToken(server.evm.tokens.cow, depositAddress, '10');
    expect((await scanAll()).credited).toBe(0);
    await server.evm.mine(DEPTH - 2); // the transfer's block plus 13 on top: one short of the depth
    expect((await scanAll()).credited).toBe(0);
    expect(await cow()).toBe('0');
    await server.evm.mine(2);
    expect((await scanAll()).credited).toBe(1);
    expect(await cow()).toBe('10');

    const deposits = await server.repos.chain.depositsOf(BigInt(user.mid));
    expect(deposits.rows).toHaveLength(1);
    expect(deposits.rows[0]).toMatchObject({ chain: 'bsc', currency: 'cow', toAddress: depositAddress });
    const history = await call(server.baseUrl, '/v1/chn/recharge/p/1-10', { method: 'GET', token: user.token });
    expect(history.json.data.list).toMatchObject([{ currency: 'cow', amount: '10', chainCurrency: 'bnb' }]);
  });

  it('adds nothing when the same blocks are scanned again', async () => {
    const cursor = await server.repos.scanCursors.deposit.cursor('bsc');
    if (!cursor) throw new Error('no cursor');
    await server.repos.scanCursors.deposit.reset('bsc', cursor.genesisHash, 0n);
    const { credited } = await scanAll();
    expect(credited).toBe(0);
    expect(await cow()).toBe('10');
  });

  it('adds nothing when the watcher crashes mid-range and starts again', async () => {
    // A crash between the credit and the cursor's move, made by the database itself: the cursor's update in
    // the transaction that has just credited the 7 COW fails, so it all rolls back as a killed process would.
    await server.database.withSession((session) =>
      session.exec(`
        CREATE FUNCTION crash_after_credit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM chain_deposits WHERE amount = 7) THEN
            RAISE EXCEPTION 'simulated crash after the credit, before the cursor moved';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER crash_cursor BEFORE UPDATE OF next_block ON chain_cursors
          FOR EACH ROW EXECUTE FUNCTION crash_after_credit();`),
    );
    await sender.sendToken(server.evm.tokens.cow, depositAddress, '7');
    await server.evm.mine(DEPTH);
    const crashing = watcher('instance-a', { maxRange: 3n });
    const crash = await scanAll(crashing).then(
      () => null,
      (error: Error) => error,
    );
    // The driver wraps the database's error: the trigger's own words are in its cause.
    expect(String(crash?.cause ?? crash)).toMatch(/simulated crash/);
    await server.database.withSession((session) => session.exec('DROP TRIGGER crash_cursor ON chain_cursors'));
    expect(await cow()).toBe('10');
    const restarted = watcher('instance-a', { maxRange: 3n });
    expect((await scanAll(restarted)).credited).toBe(1);
    expect(await cow()).toBe('17');
  });

  it('lets one of two instances scan at a time, and credits once', async () => {
    await sender.sendToken(server.evm.tokens.cow, depositAddress, '3');
    await server.evm.mine(DEPTH);
    await releaseLeases('instance-a');
    const [ra, rb] = await Promise.all([
      scanAll(watcher('instance-a'), { mayLoseLease: true }),
      scanAll(watcher('instance-b'), { mayLoseLease: true }),
    ]);
    expect(ra.credited + rb.credited).toBe(1);
    expect([ra.last.outcome, rb.last.outcome].sort()).toEqual(['caught-up', 'not-lease-holder']);
    expect(await cow()).toBe('20');
    await releaseLeases('instance-a', 'instance-b');
  });

  it('credits once even when two instances scan the same range at once (a lease lost mid-scan)', async () => {
    await sender.sendToken(server.evm.tokens.cow, depositAddress, '2');
    await server.evm.mine(DEPTH);
    // Both run as the lease's owner, as an instance that does not know its lease ran out would: both scan.
    const [rc, rd] = await Promise.all([scanAll(watcher('instance-a')), scanAll(watcher('instance-a'))]);
    expect(rc.credited + rd.credited).toBe(1);
    for (const { last } of [rc, rd]) expect(['caught-up', 'cursor-moved']).toContain(last.outcome);
    expect(await cow()).toBe('22');
    expect((await server.repos.chain.depositsOf(BigInt(user.mid))).rows).toHaveLength(4);
  });

  it('credits nothing for a failed transfer, a look-alike token or a transfer to another address', async () => {
    // More than the sender holds, with gas set by hand so the reverting transaction is mined anyway.
    const poor = await chainWallet(server.evm, { cow: '1' });
    const failedTx = await poor.sendToken(server.evm.tokens.cow, depositAddress, '5', 120_000n);
    const receipt = await server.app.chains.bsc?.client.getTransactionReceipt({ hash: failedTx });
    expect(receipt?.status).toBe('reverted');

    const fakeCow = await server.evm.deployToken('COW', 'COW', sender.address, '1000');
    await sender.sendToken(fakeCow, depositAddress, '10');
    const stranger = await chainWallet(server.evm);
    await sender.sendToken(server.evm.tokens.cow, stranger.address, '10');
    await server.evm.mine(DEPTH);

    expect((await scanAll()).credited).toBe(0);
    expect(await cow()).toBe('22');
  });

  it('never credits a transfer that a reorganisation removed before the depth', async () => {
    const before = await server.evm.snapshot();
    await sender.sendToken(server.evm.tokens.cow, depositAddress, '50');
    await server.evm.mine(5);
    expect((await scanAll()).credited).toBe(0);
    await server.evm.revert(before); // the blocks with the transfer are gone
    await server.evm.mine(DEPTH + 5);
    expect((await scanAll()).credited).toBe(0);
    expect(await cow()).toBe('22');
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });

  it('stops, for an operator, when a scanned block changes (a reorganisation deeper than the depth)', async () => {
    const before = await server.evm.snapshot();
    await server.evm.mine(DEPTH + 2);
    await scanAll();
    await server.evm.revert(before);
    // The other branch: a different first block (a transfer in it), so the scanned block's hash changes.
    await sender.sendToken(server.evm.tokens.cow, sender.address, '1');
    await server.evm.mine(DEPTH + 4);
    const { last } = await scanAll(watcher(), { mayStop: true });
    expect(last).toMatchObject({ outcome: 'stopped' });
    const cursor = (await server.repos.scanCursors.deposit.all())[0];
    expect(cursor?.lastError).toMatch(/reorganisation/);
  });
});
