import { createTestClient, createWalletClient, type Hex, http, keccak256, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainServices } from '../src/chain/chain-services.ts';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import { platformSenders } from '../src/domain/chain/platform-senders.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { depositWatcherWork } from '../src/jobs/chain-watchers.ts';
import { jobRunner } from '../src/jobs/job-runner.ts';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { type Account, balanceOf, signUp } from './users.ts';

const DEPTH = 15; // RULES.md: BSC deposits count after 15 blocks

/**
 * Native BNB deposits on the Hardhat dev chain, through the deposit watcher as the workers role starts it
 * (jobs/chain-watchers.ts): BNB sent straight to a deposit address is credited once, after the depth; a
 * transfer from one of the platform's own addresses (a sweeper's gas top-up) never is.
 */
describe('native BNB deposits on the BNB Smart Chain dev chain', () => {
  let server: ChainTestServer;
  let user: Account;
  let depositAddress: `0x${string}`;
  let sender: Awaited<ReturnType<typeof chainWallet>>;
  const hotWalletKey = generatePrivateKey();
  const hotWallet = privateKeyToAccount(hotWalletKey);

  /** The deposit watcher of BNB Smart Chain as a workers process starts it, over `chains` (the server's own). */
  function watcher(chains: ChainServices = server.app.chains, owner = 'workers-1') {
    const loop = depositWatcherWork('bsc').start({
      db: null,
      repos: server.repos,
      chains,
      owner,
      log: server.app.log,
      dailyRunner: jobRunner({ repos: server.repos, jobs: [], owner }),
      allowChainReset: true,
      collectionFallbackToHotWallet: false,
      solanaDeposits: { makeAddress: null, ahead: 0 },
    });
    if (!loop) throw new Error('the BSC deposit watcher did not start');
    return loop;
  }
  /** Ticks until caught up with the confirmed head; any other end throws, so nothing passes unscanned. */
  async function scanAll(loop = watcher()) {
    let credited = 0;
    for (let i = 0; i < 100; i++) {
      const result = (await loop.tick()) as { outcome: string; credited?: number; reason?: string };
      if (result.outcome === 'scanned') {
        credited += result.credited ?? 0;
        continue;
      }
      if (result.outcome !== 'caught-up') throw new Error(`the watcher ended with ${JSON.stringify(result)}`);
      await loop.release?.();
      return credited;
    }
    throw new Error('the watcher never caught up');
  }
  const bnb = (account = user) => balanceOf(server, account, 'bnb');
  const walletOf = (key: Hex) =>
    createWalletClient({
      account: privateKeyToAccount(key),
      chain: bscChain(server.evm.rpcUrl),
      transport: http(server.evm.rpcUrl),
    });
  const receiptOf = (hash: Hex) => {
    const client = server.app.chains.bsc?.client;
    if (!client) throw new Error('BSC not configured');
    return client.waitForTransactionReceipt({ hash, timeout: 10_000 });
  };

  beforeAll(async () => {
    server = await startChainTestServer({ HOT_WALLET_PRIVATE_KEY: hotWalletKey });
    expect(server.app.chains.bsc?.hotWalletAddress).toBe(hotWallet.address);
    await server.evm.fund(hotWallet.address, { bnb: '10' });
    user = await signUp(server);
    // The recharge screen asks for the BNB address exactly as for a token's.
    const res = await call(server.baseUrl, `/v1/chn/coin/bnb/bnb/address/${user.mid}/A`, {
      method: 'GET',
      token: user.token,
    });
    expect(res.json.code).toBe(200);
    depositAddress = res.json.data.address;
    sender = await chainWallet(server.evm, { bnb: '5', cow: '100' });
  });
  afterAll(() => server?.close());

  it('credits 0.25 BNB sent to a deposit address once, only after the confirmation depth', async () => {
    const hash = await sender.sendNative(depositAddress, '0.25');
    expect((await receiptOf(hash)).status).toBe('success');
    expect(await scanAll()).toBe(0);
    await server.evm.mine(DEPTH - 2); // the transfer's block plus 13 on top: one short of the depth
    expect(await scanAll()).toBe(0);
    expect(await bnb()).toBe('0');
    await server.evm.mine(2);
    expect(await scanAll()).toBe(1);
    expect(await bnb()).toBe('0.25');

    const deposits = (await server.repos.chain.depositsOf(BigInt(user.mid))).rows;
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      chain: 'bsc',
      currency: 'bnb',
      txHash: hash,
      eventIndex: 'native',
      tokenContract: null,
      fromAddress: sender.address,
      toAddress: depositAddress,
    });
    const history = await call(server.baseUrl, '/v1/chn/recharge/p/1-10', { method: 'GET', token: user.token });
    expect(history.json.data.list).toMatchObject([{ currency: 'bnb', amount: '0.25', chainCurrency: 'bnb' }]);
  });

  it('adds nothing when the same blocks are scanned again, or by a restarted watcher', async () => {
    const cursor = await server.repos.scanCursors.deposit.cursor('bsc');
    if (!cursor) throw new Error('no cursor');
    await server.repos.scanCursors.deposit.reset('bsc', cursor.genesisHash, 0n);
    expect(await scanAll(watcher(server.app.chains, 'workers-2'))).toBe(0);
    expect(await scanAll(watcher(server.app.chains, 'workers-3'))).toBe(0);
    expect(await bnb()).toBe('0.25');
    expect((await server.repos.chain.depositsOf(BigInt(user.mid))).rows).toHaveLength(1);
  });

  it('in one block: credits a BNB and a COW deposit, not a zero-value, a reverted or a stranger’s transfer', async () => {
    // A deposit address is a key's address, to which a transfer cannot revert; a contract that takes no BNB,
    // recorded as a second user's deposit address, stands in for one so that a reverted transfer to it is mined.
    const other = await signUp(server);
    const refusing = await server.evm.deployToken('NoBnb', 'NOBNB', sender.address, '1');
    await server.repos.depositAddresses.remember(BigInt(other.mid), 'bnb', refusing, 1_000_000 + Number(other.mid));
    const [zero, stranger, token, reverter, payer] = await Promise.all(
      Array.from({ length: 5 }, () => chainWallet(server.evm, { bnb: '1', cow: '10' })),
    );
    if (!zero || !stranger || !token || !reverter || !payer) throw new Error('wallets');
    const strangerAddress = privateKeyToAccount(generatePrivateKey()).address;

    const miner = createTestClient({ mode: 'hardhat', transport: http(server.evm.rpcUrl) });
    await miner.setAutomine(false);
    let hashes: Hex[];
    try {
      hashes = [
        await zero.sendNative(depositAddress, '0'),
        await stranger.sendNative(strangerAddress, '0.5'),
        await token.sendToken(server.evm.tokens.cow, depositAddress, '5'),
        await reverter.sendNative(refusing, '0.3', 100_000n),
        await payer.sendNative(depositAddress, '0.1'),
      ];
      await server.evm.mine(1);
    } finally {
      await miner.setAutomine(true);
    }
    const receipts = await Promise.all(hashes.map(receiptOf));
    expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1); // all five in the same block
    expect(receipts.map((r) => r.status)).toEqual(['success', 'success', 'success', 'reverted', 'success']);
    await server.evm.mine(DEPTH);

    expect(await scanAll()).toBe(2); // the BNB and the COW deposit
    expect(await bnb()).toBe('0.35');
    expect(await balanceOf(server, user, 'cow')).toBe('5');
    expect(await bnb(other)).toBe('0');
    const rows = (await server.repos.chain.depositsOf(BigInt(user.mid))).rows;
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.txHash, r.currency])).toEqual(
      expect.arrayContaining([
        [hashes[2], 'cow'],
        [hashes[4], 'bnb'],
      ]),
    );
  });

  it('credits no BNB from the hot wallet (a gas top-up), the cold address or the collection address', async () => {
    const coldKey = generatePrivateKey();
    const collectionKey = generatePrivateKey();
    const cold = privateKeyToAccount(coldKey).address;
    const collection = privateKeyToAccount(collectionKey).address;
    await server.repos.settings.set(TREASURY_SETTINGS.coldAddress('bsc'), cold, 'test');
    await server.repos.settings.set('machine.collectionAddress.bsc', collection, 'test');
    await server.evm.fund(cold, { bnb: '1' });
    await server.evm.fund(collection, { bnb: '1' });

    const topUps = [
      await walletOf(hotWalletKey).sendTransaction({ to: depositAddress, value: parseEther('0.01') }),
      await walletOf(coldKey).sendTransaction({ to: depositAddress, value: parseEther('0.02') }),
      await walletOf(collectionKey).sendTransaction({ to: depositAddress, value: parseEther('0.03') }),
    ];
    for (const r of await Promise.all(topUps.map(receiptOf))) expect(r.status).toBe('success');
    // A user's deposit in the same range: the scan did read these blocks.
    await sender.sendNative(depositAddress, '0.05');
    await server.evm.mine(DEPTH);

    expect(await scanAll()).toBe(1);
    expect(await bnb()).toBe('0.4');
    const credited = (await server.repos.chain.depositsOf(BigInt(user.mid))).rows.map((r) => r.txHash);
    for (const hash of topUps) expect(credited).not.toContain(hash);
  });

  it('credits no top-up from a hot wallet this process was not told, once the treasury recorded a transaction from it', async () => {
    // A workers process without HOT_WALLET_ADDRESS: its chains know no hot wallet.
    const bsc = server.app.chains.bsc;
    if (!bsc) throw new Error('BSC not configured');
    const blind: ChainServices = { ...server.app.chains, bsc: { ...bsc, hotWalletAddress: null } };
    const otherHotKey = generatePrivateKey();
    const otherHot = privateKeyToAccount(otherHotKey);
    await server.evm.fund(otherHot.address, { bnb: '1' });
    expect(await platformSenders(server.repos, 'bsc', null)).not.toContain(otherHot.address);

    // As the sweeper does: the top-up is signed and recorded before it is sent.
    const wallet = walletOf(otherHotKey);
    const request = await wallet.prepareTransactionRequest({ to: depositAddress, value: parseEther('0.004') });
    const signed = await wallet.signTransaction(request);
    const sweep = await server.repos.sweeps.plan({
      chain: 'bsc',
      currency: 'cow',
      kind: 'to-cold',
      fromAddress: otherHot.address,
      userId: null,
      derivationIndex: null,
      toAddress: privateKeyToAccount(generatePrivateKey()).address,
      amount: 1n,
    });
    if (!sweep) throw new Error('no sweep planned');
    await server.repos.sweeps.insertTransaction({
      chain: 'bsc',
      sweepId: sweep.id,
      purpose: 'gas-topup',
      fromAddress: otherHot.address,
      toAddress: depositAddress,
      amount: parseEther('0.004').toString(),
      nonce: BigInt(request.nonce),
      signedTx: signed,
      txHash: keccak256(signed),
      status: 'signed',
    });
    expect(await platformSenders(server.repos, 'bsc', null)).toContain(otherHot.address);
    const hash = await wallet.sendRawTransaction({ serializedTransaction: signed });
    expect(hash).toBe(keccak256(signed));
    expect((await receiptOf(hash)).status).toBe('success');
    await sender.sendNative(depositAddress, '0.06');
    await server.evm.mine(DEPTH);

    expect(await scanAll(watcher(blind))).toBe(1); // the user's 0.06 only
    expect(await bnb()).toBe('0.46');
  });
});
