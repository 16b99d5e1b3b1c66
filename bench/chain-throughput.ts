import { buildWithdrawSignText } from '@aidf/contract';
import { startEvmDevChain } from '@aidf/devchain';
import { creditUser, prepareDatabase, throwawayDatabase } from '@aidf/server';
import { createWalletClient, erc20Abi, http, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chainServices } from '../apps/server/src/chain/chain-services.ts';
import { depositAddressDeriver } from '../apps/server/src/chain/deposit-keys.ts';
import { bscChain } from '../apps/server/src/chain/evm/bsc-client.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { pointTokenConfigAt } from '../apps/server/src/dev/dev-chains.ts';
import { depositWatcher } from '../apps/server/src/domain/chain/deposit-watcher.ts';
import { payoutWorker } from '../apps/server/src/domain/withdraw/payout-worker.ts';
import { requestWithdrawal } from '../apps/server/src/domain/withdraw/request-withdrawal.ts';

const USERS = 50;
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 300);
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** The site the bench's withdrawal texts name. */
const BENCH_HOST = 'bench.local';

/**
 * The chain side on the Hardhat dev chain and PGlite: how fast the deposit watcher credits a backlog of
 * confirmed ERC-20 deposits (one range scan, ledger movements), and how fast the payout worker signs,
 * records and sends withdrawals (2 per user, the daily limit). The chain's own mining is not timed.
 */
export async function chainThroughput() {
  const evm = await startEvmDevChain();
  const database = await throwawayDatabase();
  try {
    const { repos } = await prepareDatabase(database, { seedDemoData: false });
    await pointTokenConfigAt(repos, evm);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', BSC_RPC_URL: evm.rpcUrl });
    const chains = chainServices(config, DEV_MNEMONIC);
    if (!chains.bsc?.payouts) throw new Error('no BSC, or no hot wallet key');
    const payoutChain = chains.bsc.payouts;
    const derive = depositAddressDeriver(DEV_MNEMONIC);

    const users: { id: bigint; wallet: ReturnType<typeof privateKeyToAccount>; deposit: `0x${string}` }[] = [];
    for (let i = 0; i < USERS; i++) {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const id = await repos.users.insert({
        username: `chain${i}`,
        walletAddress: wallet.address,
        chainCurrency: 'bnb',
      });
      await repos.boundAddresses.insert({ userId: id, currency: 'bnb', walletAddress: wallet.address });
      const address = derive('bnb', id);
      if (!address) throw new Error('the dev seed derives EVM deposit addresses');
      const deposit = (await repos.depositAddresses.remember(id, 'bnb', address, Number(id))) as `0x${string}`;
      users.push({ id, wallet, deposit });
    }

    const sender = privateKeyToAccount(generatePrivateKey());
    await evm.fund(sender.address, { bnb: '100', cow: '1000000' });
    const client = createWalletClient({ account: sender, chain: bscChain(evm.rpcUrl), transport: http(evm.rpcUrl) });
    for (let i = 0; i < DEPOSITS; i++) {
      await client.writeContract({
        address: evm.tokens.cow,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [users[i % USERS]?.deposit ?? sender.address, parseUnits('3', 18)],
      });
    }
    await evm.mine(15);

    const watcher = depositWatcher({ repos, source: chains.bsc.deposits, owner: 'bench', allowChainReset: true });
    let credited = 0;
    const depositStart = performance.now();
    for (;;) {
      const r = await watcher.tick();
      if (r.outcome !== 'scanned') break;
      credited += r.credited;
    }
    const depositSeconds = (performance.now() - depositStart) / 1000;

    await evm.fund(payoutChain.hotWallet, { bnb: '100', cow: '1000000' });
    let clock = Date.now();
    for (const user of users) {
      await creditUser(repos, {
        actor: { name: 'bench', role: 'admin', ip: null },
        username: `chain${users.indexOf(user)}`,
        currency: 'cow',
        submode: '00',
        amount: '100',
        reason: 'bench',
      });
      for (let k = 0; k < 2; k++) {
        const timestamp = ++clock;
        const withdrawal = { amount: '10', currency: 'cow', address: user.wallet.address } as const;
        const signContent = buildWithdrawSignText({ ...withdrawal, host: BENCH_HOST, timestampMs: timestamp });
        await requestWithdrawal(
          repos,
          chains.withdrawPolicy,
          user.id,
          {
            ...withdrawal,
            chainCurrency: 'bnb',
            hosts: [BENCH_HOST],
            sign: await user.wallet.signMessage({ message: signContent }),
            signContent,
            timestamp,
          },
          new Date(timestamp),
        );
      }
    }
    const worker = payoutWorker({
      repos,
      chain: payoutChain,
      owner: 'bench',
      confirmations: 15,
      ...chains.bsc.payoutGas,
    });
    const payoutStart = performance.now();
    const sent = await worker.tick();
    const payoutSeconds = (performance.now() - payoutStart) / 1000;
    const payouts = sent.outcome === 'worked' ? sent.sent : 0;
    return {
      deposits: credited,
      depositsPerSecond: credited / depositSeconds,
      payouts,
      payoutsPerSecond: payouts / payoutSeconds,
    };
  } finally {
    await database.close();
    await database.drop();
    await evm.close();
  }
}
