import { type Chain, createWalletClient, erc20Abi, http, parseAbiItem, type Transport, type WalletClient } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect } from 'vitest';
import { bscChain } from '../src/chain/evm/bsc-client.ts';
import type { WithdrawalRow } from '../src/db/repositories/withdrawals.ts';
import { checkLedger } from '../src/domain/ledger/check.ts';
import { PayoutCrash, payoutWorker } from '../src/domain/withdraw/payout-worker.ts';
import { type ChainTestServer, chainWallet, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { type Account, credit, signUp, withdrawBody } from './users.ts';

/** The payout's confirmations in these tests. */
export const DEPTH = 15;
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** A payout crash point's throw: the worker lets it stop the tick, as a killed process stops. */
export class SimulatedCrash extends PayoutCrash {}

/**
 * A server on the BNB Smart Chain dev chain with a funded hot wallet, for the withdrawal tests (withdraw.api.test.ts,
 * withdraw-payout.api.test.ts), and what they do with it. Call it inside a describe: it registers its own hooks.
 */
export function useWithdrawChain() {
  let server: ChainTestServer;

  /** BNB Smart Chain with the treasury's signer (the test server runs every role). */
  const bsc = () => {
    const chain = server.app.chains.bsc;
    if (!chain?.payouts) throw new Error('BSC or its hot wallet not configured');
    return { ...chain, payouts: chain.payouts, hotWallet: { address: chain.payouts.hotWallet } };
  };
  const worker = (crashPoints?: Parameters<typeof payoutWorker>[0]['crashPoints'], owner = 'payouts-1') =>
    payoutWorker({
      repos: server.repos,
      chain: bsc().payouts,
      owner,
      confirmations: DEPTH,
      ...bsc().payoutGas,
      leaseMs: 1,
      crashPoints,
    });
  /** Runs one tick of a worker that is "killed" at `point`: it throws there, as a dying process stops. */
  const killedAt = async (point: 'afterSigned' | 'afterBroadcast') => {
    const crashing = worker({
      [point]: () => {
        throw new SimulatedCrash(`killed at ${point}`);
      },
    });
    await expect(crashing.tick()).rejects.toThrow(SimulatedCrash);
  };
  const withdraw = async (account: Account, amount: string, address: string) =>
    call(server.baseUrl, '/v1/oms/assets/withdraw/web3', {
      token: account.token,
      body: await withdrawBody(account, amount, address),
    });
  const tokenBalance = (address: `0x${string}`) =>
    bsc().client.readContract({
      address: server.evm.tokens.cow,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  /** How many COW transfers the hot wallet made to `to`, read from the chain itself. */
  const payoutsOnChain = async (to: `0x${string}`) =>
    (
      await bsc().client.getLogs({
        address: server.evm.tokens.cow,
        event: TRANSFER,
        args: { from: bsc().hotWallet.address, to },
        fromBlock: 0n,
      })
    ).length;
  /** A new user with `cow` COW to withdraw, and a fresh outside wallet's address to pay. */
  const payee = async (cow: string) => {
    const user = await signUp(server);
    await credit(server, user.username, 'cow', cow);
    return { user, receiver: (await chainWallet(server.evm)).address };
  };
  const chainStatus = async () => {
    const res = await fetch(`${server.baseUrl}/ops/v1/chain/status`, {
      headers: { authorization: 'Bearer aidf-dev-operator-token' },
    });
    type PayoutWorkerHealth = { lastOkAt: string; errors: string; lastError: string; lastErrorAt: string };
    type HeldPayout = { id: string; signed: boolean; nonce: string | null; reason: string };
    return ((await res.json()) as { data: { payoutWorker: PayoutWorkerHealth; heldPayouts: HeldPayout[] } }).data;
  };
  const row = async (id: string) => (await server.repos.withdrawals.byId(BigInt(id))) as WithdrawalRow;
  const ledgerOk = async () => expect((await checkLedger(server.repos)).ok).toBe(true);

  // The hot wallet's key, known to the test so that it can play someone else sending with it.
  const hotWalletKey = generatePrivateKey();
  let hotWalletKeyHolder: WalletClient<Transport, Chain, PrivateKeyAccount>;

  beforeAll(async () => {
    server = await startChainTestServer({ HOT_WALLET_PRIVATE_KEY: hotWalletKey });
    hotWalletKeyHolder = createWalletClient({
      account: privateKeyToAccount(hotWalletKey),
      chain: bscChain(server.evm.rpcUrl),
      transport: http(server.evm.rpcUrl),
    });
    await server.evm.fund(bsc().hotWallet.address, { bnb: '10', cow: '10000' });
  });
  afterAll(() => server?.close());

  return {
    get server() {
      return server;
    },
    /** The hot wallet's key, known to the tests so that they can play someone else sending with it. */
    hotWalletKey,
    get hotWalletKeyHolder() {
      return hotWalletKeyHolder;
    },
    bsc,
    worker,
    killedAt,
    withdraw,
    payee,
    tokenBalance,
    payoutsOnChain,
    chainStatus,
    row,
    ledgerOk,
  };
}
