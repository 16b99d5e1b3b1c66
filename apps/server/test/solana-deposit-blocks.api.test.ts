import { randomBytes } from 'node:crypto';
import { type SolanaDevChain, sendInstructions, splTransferInstructions, startSolanaDevChain } from '@aidf/devchain';
import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  getAddressDecoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOL_TOKEN } from '../src/chain/chain-services.ts';
import { solanaDepositSource } from '../src/chain/solana/solana-deposit-source.ts';
import { rowsOf } from '../src/db/raw.ts';
import { depositWatcher } from '../src/domain/chain/deposit-watcher.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';
import { solanaWallet } from './wallets.ts';
import { scanUntilCaughtUp } from './watcher-scan.ts';

const FINALIZED_DEPTH = 31;
/** Deposit addresses of other users, none of them paid: the watcher's cost must not follow them. */
const OTHER_ADDRESSES = 10_000;
const SOL = 1_000_000_000n;

/**
 * The Solana deposit watcher reading whole finalized blocks among many deposit addresses: deposits to a few of
 * them credited once each, the rest of the traffic (a stranger paid, a failed transaction) ignored, skipped
 * slots passed over, and a watcher started afresh (a restart) resuming from the cursor without a second credit.
 */
describe('Solana deposits found in whole blocks among 10,000 deposit addresses', () => {
  let chain: SolanaDevChain;
  let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  let server: TestServer;
  let sender: KeyPairSigner;
  const users: { account: Account; address: Address }[] = [];

  const rpc = () => createSolanaRpc(chain.rpcUrl);
  /** A watcher as a freshly started process makes it: its own source, nothing in memory from before. */
  const freshWatcher = (maxRange?: bigint) =>
    depositWatcher({
      repos: server.repos,
      source: solanaDepositSource(proxy.url),
      owner: 'solana-blocks',
      nativeToken: SOL_TOKEN,
      allowChainReset: true,
      leaseMs: 1,
      ...(maxRange ? { maxRange } : {}),
    });
  /** Ticks until caught up; answers the deposits credited. */
  const scanAll = async (watcher = freshWatcher()) => (await scanUntilCaughtUp(watcher)).credited;
  const send = (instructions: Instruction[], skipPreflight = false) =>
    sendInstructions(rpc(), sender, instructions, skipPreflight);
  const sol = (to: Address, lamports: bigint) =>
    getTransferSolInstruction({ source: sender, destination: to, amount: lamports });
  const usdt = (to: Address, units: bigint) => splTransferInstructions(sender, to, chain.usdtMint as Address, units);
  const balances = async (currency: string) =>
    Promise.all(users.map(({ account }) => balanceOf(server, account, currency)));
  const deposits = async () =>
    Number(
      rowsOf<{ n: string }>(
        await server.database.db.execute(sql`SELECT count(*) AS n FROM chain_deposits WHERE chain = 'solana'`),
      )[0]?.n,
    );

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    proxy = await startRpcProxy(chain.rpcUrl);
    server = await startTestServer({ env: { SOLANA_RPC_URL: proxy.url } });
    await server.repos.tokenConfigs.setContract('sol', 'usdt', chain.usdtMint, 6);
    for (let i = 0; i < 3; i++) {
      const account = await signUp(server, solanaWallet());
      const res = await call(server.baseUrl, `/v1/chn/coin/sol/sol/address/${account.mid}/A`, {
        method: 'GET',
        token: account.token,
      });
      users.push({ account, address: res.json.data.address });
    }
    // The other users and their addresses in two statements: the watcher reads only the table.
    const decoder = getAddressDecoder();
    const others = Array.from({ length: OTHER_ADDRESSES }, () => decoder.decode(randomBytes(32)));
    await server.database.db.execute(sql`
      WITH made AS (
        INSERT INTO users (username) SELECT 'blocks-' || n FROM generate_series(1, ${OTHER_ADDRESSES}::int) AS n
        RETURNING id
      ), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM made)
      INSERT INTO deposit_addresses (user_id, chain_currency, address, derivation_index)
      SELECT numbered.id, 'sol', a.address, numbered.id::integer
      FROM numbered JOIN unnest(string_to_array(${others.join(',')}, ',')) WITH ORDINALITY AS a(address, n) USING (n)`);
    sender = await generateKeyPairSigner();
    await chain.fund(sender.address, { sol: '20', usdt: '1000' });
    chain.advanceSlots(FINALIZED_DEPTH);
    await scanAll(); // the cursor starts past the setup
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await chain?.close();
  });

  it('credits SOL and USDT deposits once each; a stranger paid, a failed transaction and skipped slots credit nothing', async () => {
    const [a, b, c] = users.map((u) => u.address) as [Address, Address, Address];
    const stranger = (await generateKeyPairSigner()).address;
    await send([sol(a, 2n * SOL)]);
    chain.skipSlots(4);
    await send(await usdt(b, 30_000_000n));
    await send([sol(c, SOL / 2n), ...(await usdt(c, 5_000_000n))]); // both in one transaction
    await send([sol(stranger, SOL), ...(await usdt(stranger, 1_000_000n))]);
    // Fails on chain (the second transfer is more than the sender has): its first transfer is rolled back.
    await send([sol(a, SOL), sol(stranger, 10n ** 18n)], true);
    chain.skipSlots(2);
    chain.advanceSlots(FINALIZED_DEPTH);

    proxy.calls.length = 0;
    expect(await scanAll()).toBe(4);
    expect(await balances('sol')).toEqual(['2', '0', '0.5']);
    expect(await balances('usdt')).toEqual(['0', '30', '5']);
    expect(await deposits()).toBe(4);

    // Blocks read once each, skipped slots never asked for; nothing asked per deposit address.
    const read = proxy.callsOf('getBlock').map((c) => Number(c.params[0]));
    expect(new Set(read).size).toBe(read.length);
    const listed = proxy.callsOf('getBlocks').flatMap((c) => c.result as number[]);
    for (const slot of read) expect(listed).toContain(slot);
    expect(proxy.callsOf('getSignaturesForAddress')).toHaveLength(0);
    expect(proxy.callsOf('getTransaction')).toHaveLength(0);
    expect(proxy.calls.length).toBeLessThan(read.length + 20);
  });

  it('a restart mid-backlog resumes from the cursor and credits nothing twice', async () => {
    const [a, b] = users.map((u) => u.address) as [Address, Address];
    await send([sol(a, SOL / 4n)]);
    chain.advanceSlots(20);
    await send(await usdt(b, 7_000_000n));
    chain.skipSlots(3);
    chain.advanceSlots(FINALIZED_DEPTH);

    // The first process scans 10 slots at a time and stops after its first deposit.
    const first = freshWatcher(10n);
    let credited = 0;
    while (credited === 0) {
      const result = await first.tick();
      if (result.outcome !== 'scanned') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
      credited += result.credited;
    }
    expect(await balances('sol')).toEqual(['2.25', '0', '0.5']);
    expect(await balances('usdt')).toEqual(['0', '30', '5']);

    // Another process: from the cursor on, only the deposit not yet credited.
    expect(await scanAll()).toBe(1);
    expect(await balances('usdt')).toEqual(['0', '37', '5']);

    // Scanning everything again from the cursor's start adds nothing.
    const cursor = await server.repos.scanCursors.deposit.cursor('solana');
    if (!cursor) throw new Error('no cursor');
    await server.repos.scanCursors.deposit.reset('solana', cursor.genesisHash, 0n);
    expect(await scanAll()).toBe(0);
    expect(await balances('sol')).toEqual(['2.25', '0', '0.5']);
    expect(await balances('usdt')).toEqual(['0', '37', '5']);
    expect(await deposits()).toBe(6);
  });
});
