import type { EvmDevChain } from '@aidf/devchain';
import { getAddress, pad } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointTokenConfigAt } from '../src/dev/dev-chains.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { chainWallet, workerEvmDevChain } from './chain.ts';
import { type RecordedCall, type Refusal, startRpcProxy } from './rpc-proxy.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';

const DEPTH = 15;
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

type LogFilter = { fromBlock: string; toBlock: string; topics: (string | string[] | null)[] };
type LogEntry = { topics: string[] };

/**
 * The BNB Smart Chain watcher against the Hardhat dev chain through a recording JSON-RPC proxy: what it asks the
 * node (eth_getLogs filtered by the deposit addresses, in chunks of BSC_LOG_ADDRESS_CHUNK) and how it copes when
 * the node refuses a range as too big, as public providers do.
 */
describe('deposit watcher: filtered by deposit addresses, ranges split on a result cap', () => {
  let evm: EvmDevChain;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let server: TestServer;
  let users: { account: Account; deposit: `0x${string}` }[];
  let sender: Awaited<ReturnType<typeof chainWallet>>;
  /** Set by a test: eth_getLogs over more blocks than this is refused as a capped provider would. */
  let capBlocks: number | null = null;

  const refuse = (method: string, params: unknown[]): Refusal => {
    if (method !== 'eth_getLogs' || capBlocks === null) return null;
    const filter = params[0] as LogFilter;
    const blocks = Number(BigInt(filter.toBlock) - BigInt(filter.fromBlock)) + 1;
    return blocks > capBlocks ? { code: -32000, message: 'query returns more than 10000 results' } : null;
  };
  const scanAll = async () => {
    const watcher = depositWatcher({
      repos: server.repos,
      source: server.app.chains.bsc?.deposits ?? (null as never),
      owner: 'filter-test',
      allowChainReset: true,
    });
    let credited = 0;
    for (let i = 0; i < 100; i++) {
      const result = await watcher.tick();
      if (result.outcome === 'caught-up') return credited;
      if (result.outcome !== 'scanned') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
      credited += result.credited;
    }
    throw new Error('the watcher never caught up');
  };
  const getLogsCalls = () => proxy.callsOf('eth_getLogs');
  const filterOf = (c: RecordedCall) => c.params[0] as LogFilter;
  const padded = (address: string) => pad(address.toLowerCase() as `0x${string}`).toLowerCase();

  beforeAll(async () => {
    evm = await workerEvmDevChain();
    proxy = await startRpcProxy(evm.rpcUrl, refuse);
    server = await startTestServer({ env: { BSC_RPC_URL: proxy.url, BSC_LOG_ADDRESS_CHUNK: '2' } });
    await pointTokenConfigAt(server.repos, evm);
    users = [];
    for (let i = 0; i < 3; i++) {
      const account = await signUp(server);
      const res = await call(server.baseUrl, `/v1/chn/coin/cow/bnb/address/${account.mid}/A`, {
        method: 'GET',
        token: account.token,
      });
      users.push({ account, deposit: getAddress(res.json.data.address) });
    }
    sender = await chainWallet(evm, { cow: '1000' });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await evm?.close();
  });
  beforeEach(() => {
    proxy.calls.length = 0;
    capBlocks = null;
  });

  it("asks the node only for transfers to the platform's deposit addresses, in chunks", async () => {
    const strangers = [await chainWallet(evm), await chainWallet(evm)];
    for (const [i, { deposit }] of users.entries()) await sender.sendToken(evm.tokens.cow, deposit, String(i + 1));
    // The same token to addresses that are not the platform's: the node must not send them back at all.
    for (const stranger of strangers) await sender.sendToken(evm.tokens.cow, stranger.address, '5');
    await evm.mine(DEPTH);

    expect(await scanAll()).toBe(3);
    for (const [i, { account }] of users.entries()) expect(await balanceOf(server, account, 'cow')).toBe(String(i + 1));

    const calls = getLogsCalls();
    expect(calls.length).toBeGreaterThan(0);
    const asked = new Set<string>();
    for (const c of calls) {
      const [event, from, to] = filterOf(c).topics;
      expect([event].flat()).toEqual([TRANSFER_TOPIC]);
      expect(from ?? null).toBeNull();
      expect(to, 'topic 2 (the recipient) carries the deposit addresses').toBeTruthy();
      const recipients = (Array.isArray(to) ? to : [to]) as string[];
      expect(recipients.length).toBeGreaterThan(0);
      expect(recipients.length).toBeLessThanOrEqual(2); // BSC_LOG_ADDRESS_CHUNK
      for (const r of recipients) asked.add(r.toLowerCase());
    }
    expect([...asked].sort()).toEqual(users.map((u) => padded(u.deposit)).sort());
    const returned = calls.flatMap((c) => (c.result ?? []) as LogEntry[]);
    expect(returned).toHaveLength(3);
    for (const log of returned) expect(asked).toContain(log.topics[2]?.toLowerCase());
  });

  it('splits a block range in halves when the node refuses it as too many results', async () => {
    for (let round = 0; round < 3; round++) {
      for (const { deposit } of users) {
        await sender.sendToken(evm.tokens.cow, deposit, '1');
        await evm.mine(2);
      }
    }
    await evm.mine(DEPTH);
    capBlocks = 4;

    expect(await scanAll()).toBe(9);
    for (const [i, { account }] of users.entries()) expect(await balanceOf(server, account, 'cow')).toBe(String(i + 4));

    const calls = getLogsCalls();
    const span = (c: RecordedCall) => Number(BigInt(filterOf(c).toBlock) - BigInt(filterOf(c).fromBlock)) + 1;
    expect(calls.filter((c) => c.refused).length).toBeGreaterThan(0);
    const answered = calls.filter((c) => !c.refused);
    expect(answered.length).toBeGreaterThan(0);
    for (const c of answered) expect(span(c)).toBeLessThanOrEqual(4);
    // The watcher asked for wider ranges first and halved them down to what the node answers.
    expect(Math.max(...calls.filter((c) => c.refused).map(span))).toBeGreaterThan(4);
  });
});
