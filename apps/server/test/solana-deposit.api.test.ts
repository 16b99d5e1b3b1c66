import { type SolanaDevChain, sendInstructions, splTransferInstructions, startSolanaDevChain } from '@aidf/devchain';
import { type Address, createSolanaRpc, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOL_TOKEN } from '../src/chain/chain-services.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';
import { solanaWallet } from './wallets.ts';

const FINALIZED_DEPTH = 31;

describe('deposit watcher on the Solana dev stand-in (litesvm)', () => {
  let chain: SolanaDevChain;
  /** Between the server and the dev chain: records which RPC methods the watcher calls. */
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let server: TestServer;
  let user: Account;
  let depositAddress: Address;
  let sender: KeyPairSigner;

  const rpc = () => createSolanaRpc(chain.rpcUrl);
  const watcher = () =>
    depositWatcher({
      repos: server.repos,
      source: server.app.chains.solana?.deposits ?? (null as never),
      owner: 'solana-a',
      nativeToken: SOL_TOKEN,
      allowChainReset: true,
      leaseMs: 1,
    });
  /** Credits counted until the watcher has caught up; any other end (stopped, lease lost) fails the test. */
  async function scanAll() {
    let credited = 0;
    for (let i = 0; i < 100; i++) {
      const result = await watcher().tick();
      if (result.outcome === 'caught-up') return credited;
      if (result.outcome !== 'scanned') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
      credited += result.credited;
    }
    throw new Error('the watcher never caught up');
  }

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    proxy = await startRpcProxy(chain.rpcUrl);
    server = await startTestServer({ env: { SOLANA_RPC_URL: proxy.url } });
    await server.repos.tokenConfigs.setContract('sol', 'usdt', chain.usdtMint, 6);
    user = await signUp(server, solanaWallet());
    const sol = await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    const usdt = await call(server.baseUrl, `/v1/chn/coin/usdt/sol/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    expect(usdt.json.data.address).toBe(sol.json.data.address); // one address per chain
    depositAddress = sol.json.data.address;
    sender = await generateKeyPairSigner();
    await chain.fund(sender.address, { sol: '5', usdt: '100' });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await chain?.close();
  });

  it('credits a SOL and an SPL-USDT deposit once, only when finalized', async () => {
    await sendInstructions(rpc(), sender, [
      getTransferSolInstruction({ source: sender, destination: depositAddress, amount: 1_500_000_000n }),
    ]);
    await sendInstructions(
      rpc(),
      sender,
      await splTransferInstructions(sender, depositAddress, chain.usdtMint as Address, 10_000_000n),
    );
    expect(await scanAll()).toBe(0); // not finalized yet
    expect(await balanceOf(server, user, 'sol')).toBe('0');

    chain.advanceSlots(FINALIZED_DEPTH);
    expect(await scanAll()).toBe(2);
    expect(await balanceOf(server, user, 'sol')).toBe('1.5');
    expect(await balanceOf(server, user, 'usdt')).toBe('10');
    const history = await call(server.baseUrl, '/v1/chn/recharge/p/1-10', { method: 'GET', token: user.token });
    expect(history.json.data.list.map((r: { currency: string }) => r.currency).sort()).toEqual(['sol', 'usdt']);
  });

  it('reads each finalized block of the range once, never asking about the deposit addresses', async () => {
    proxy.calls.length = 0;
    await sendInstructions(rpc(), sender, [
      getTransferSolInstruction({ source: sender, destination: depositAddress, amount: 500_000_000n }),
    ]);
    await sendInstructions(
      rpc(),
      sender,
      await splTransferInstructions(sender, depositAddress, chain.usdtMint as Address, 2_000_000n),
    );
    chain.advanceSlots(FINALIZED_DEPTH);
    expect(await scanAll()).toBe(2);
    expect(await balanceOf(server, user, 'sol')).toBe('2');
    expect(await balanceOf(server, user, 'usdt')).toBe('12');

    expect(proxy.callsOf('getSignaturesForAddress')).toHaveLength(0);
    expect(proxy.callsOf('getTransaction')).toHaveLength(0);
    const lists = proxy.callsOf('getBlocks');
    expect(lists.length).toBeGreaterThan(0);
    const reads = proxy.callsOf('getBlock');
    const slots = reads.map((c) => c.params[0]);
    expect(new Set(slots).size).toBe(slots.length); // each block once
    for (const c of [...lists, ...reads]) {
      // Kit leaves out 'finalized', the RPC's default commitment: absent means finalized.
      const config = c.params.at(-1) as { commitment?: string };
      expect(config.commitment ?? 'finalized').toBe('finalized');
    }
    for (const c of reads) {
      expect(c.params[1]).toMatchObject({
        transactionDetails: 'full',
        rewards: false,
        maxSupportedTransactionVersion: 0,
      });
    }
  });

  it('adds nothing when the same slots are scanned again', async () => {
    const cursor = await server.repos.scanCursors.deposit.cursor('solana');
    if (!cursor) throw new Error('no cursor');
    await server.repos.scanCursors.deposit.reset('solana', cursor.genesisHash, 0n);
    expect(await scanAll()).toBe(0);
    expect(await balanceOf(server, user, 'sol')).toBe('2');
    expect(await balanceOf(server, user, 'usdt')).toBe('12');
  });

  it('credits nothing for a look-alike mint or a transfer to another address', async () => {
    const fakeUsdt = (await chain.createMint(sender.address, '1000')) as Address;
    await sendInstructions(rpc(), sender, await splTransferInstructions(sender, depositAddress, fakeUsdt, 50_000_000n));
    const stranger = await generateKeyPairSigner();
    await sendInstructions(rpc(), sender, [
      getTransferSolInstruction({ source: sender, destination: stranger.address, amount: 1_000_000_000n }),
    ]);
    chain.advanceSlots(FINALIZED_DEPTH);
    expect(await scanAll()).toBe(0);
    expect(await balanceOf(server, user, 'usdt')).toBe('12');
    expect(await balanceOf(server, user, 'sol')).toBe('2');
  });
});
