import type { EvmDevChain } from '@aidf/devchain';
import { getAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointTokenConfigAt } from '../src/dev/dev-chains.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { chainWallet, workerEvmDevChain } from './chain.ts';
import { type RecordedCall, type Refusal, startRpcProxy } from './rpc-proxy.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';

const DEPTH = 15;

type LogFilter = { fromBlock: string; toBlock: string; topics: (string | string[] | null)[] };

/**
 * The BNB Smart Chain watcher against the Hardhat dev chain through a recording JSON-RPC proxy: how it copes when
 * the node refuses an eth_getLogs range as too big, as public providers do (what it asks per range:
 * deposit-bsc-logs.api.test.ts).
 */
describe('deposit watcher: eth_getLogs ranges split on a result cap', () => {
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

  beforeAll(async () => {
    evm = await workerEvmDevChain();
    proxy = await startRpcProxy(evm.rpcUrl, refuse);
    server = await startTestServer({ env: { BSC_RPC_URL: proxy.url } });
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
    for (const { account } of users) expect(await balanceOf(server, account, 'cow')).toBe('3');

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
