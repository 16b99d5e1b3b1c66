import { type SolanaDevChain, sendInstructions, startSolanaDevChain } from '@aidf/devchain';
import { type Address, createSolanaRpc, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChainFaultProxy, type Fault, startChainFaultProxy } from '../../../faults/stack/chain-fault-proxy.ts';
import { SOL_TOKEN } from '../src/chain/chain-services.ts';
import { depositWatcher, type TickResult } from '../src/domain/chain/deposit-watcher.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';
import { solanaWallet } from './wallets.ts';

const FINALIZED_DEPTH = 31;

/**
 * The Solana deposit watcher against the Solana dev chain through the fault harness's JSON-RPC proxy: each RPC
 * fault fails the tick and leaves the cursor, and a node behind the chain (a provider's lagging replica answering
 * the block calls) never makes it move past a deposit it did not see.
 */
describe('chain faults: the Solana deposit watcher', () => {
  let chain: SolanaDevChain;
  let proxy: ChainFaultProxy;
  let server: TestServer;
  let user: Account;
  let depositAddress: Address;
  let sender: KeyPairSigner;

  const watcher = () =>
    depositWatcher({
      repos: server.repos,
      source: server.app.chains.solana?.deposits ?? (null as never),
      owner: 'solana-faults',
      nativeToken: SOL_TOKEN,
      allowChainReset: true,
      leaseMs: 1,
    });
  const tickOnce = async (): Promise<TickResult | { outcome: 'failed'; error: string }> => {
    try {
      return await watcher().tick();
    } catch (error) {
      return { outcome: 'failed', error: String(error) };
    }
  };
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
  const sol = () => balanceOf(server, user, 'sol');
  const cursor = () => server.repos.scanCursors.deposit.cursor('solana');
  /** Sends `lamports` to the deposit address and lets the slot be finalized. */
  const deposit = async (lamports: bigint) => {
    await sendInstructions(createSolanaRpc(chain.rpcUrl), sender, [
      getTransferSolInstruction({ source: sender, destination: depositAddress, amount: lamports }),
    ]);
    chain.advanceSlots(FINALIZED_DEPTH + 2);
  };

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    proxy = await startChainFaultProxy(chain.rpcUrl);
    server = await startTestServer({ env: { SOLANA_RPC_URL: proxy.url } });
    user = await signUp(server, solanaWallet());
    const res = await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    depositAddress = res.json.data.address;
    sender = await generateKeyPairSigner();
    await chain.fund(sender.address, { sol: '10' });
    await scanAll(); // the cursor starts
  });
  afterEach(() => proxy.set(null)); // a failed test leaves no fault behind for the next
  afterAll(async () => {
    await server?.close();
    await proxy?.stop();
    await chain?.close();
  });

  const faults: [string, Fault][] = [
    ['a dropped connection', { kind: 'drop' }],
    ['HTTP 429 with Retry-After', { kind: 'http429', retryAfterSeconds: 1 }],
    ['HTTP 503', { kind: 'http5xx', status: 503 }],
    ['garbage instead of JSON', { kind: 'garbage' }],
    ['JSON cut in half', { kind: 'truncated', methods: ['getBlock'] }],
    [
      'JSON-RPC -32005 on the blocks',
      { kind: 'rpcError', code: -32005, message: 'limit exceeded', methods: ['getBlock'] },
    ],
  ];

  it.each(faults)('%s: the tick fails, the cursor stays, and the deposit is credited once after', async (_, fault) => {
    const before = await sol();
    await deposit(100_000_000n);
    const at = await cursor();
    proxy.set(fault);
    expect((await tickOnce()).outcome).toBe('failed');
    proxy.set(null);
    expect((await cursor())?.nextBlock).toBe(at?.nextBlock);
    expect(await sol()).toBe(before);
    expect(await scanAll()).toBe(1);
    expect(Number(await sol())).toBeCloseTo(Number(before) + 0.1, 9);
  });

  it('a replica behind lists fewer blocks: the cursor does not move past the deposit', async () => {
    const before = await sol();
    await deposit(200_000_000n);
    const at = await cursor();
    // The slots come from a node at the chain's head; the blocks from one 10 slots behind.
    proxy.set({ kind: 'staleBlock', lag: 10, methods: ['getBlocks', 'getBlock'] });
    const result = await tickOnce();
    expect(result).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/has not finalized slot/) });
    expect((await cursor())?.nextBlock).toBe(at?.nextBlock);
    proxy.set(null);
    expect(await scanAll()).toBe(1);
    expect(Number(await sol())).toBeCloseTo(Number(before) + 0.2, 9);
  });

  it('a replica that lists a block but does not serve it: the tick fails, nothing is skipped', async () => {
    const before = await sol();
    await deposit(300_000_000n);
    const at = await cursor();
    proxy.set({ kind: 'staleBlock', lag: 10, methods: ['getBlock'] });
    const result = await tickOnce();
    expect(result).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/does not serve its block/) });
    expect((await cursor())?.nextBlock).toBe(at?.nextBlock);
    proxy.set(null);
    expect(await scanAll()).toBe(1);
    expect(Number(await sol())).toBeCloseTo(Number(before) + 0.3, 9);
    expect((await checkLedger(server.repos)).ok).toBe(true);
  });
});
