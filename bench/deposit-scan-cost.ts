/**
 * One BNB Smart Chain deposit scan of 500 blocks on the Hardhat dev chain, as the deposit watcher asks it: the
 * pinned tokens and native BNB, 1,000 deposit addresses, traffic between strangers in the range and no deposit.
 * Prints the time of one scan (median of 5), the HTTP requests it made and the bytes the node answered.
 */
import { randomBytes } from 'node:crypto';
import { startEvmDevChain } from '@aidf/devchain';
import { createPublicClient, createWalletClient, getAddress, http, parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bscChain } from '../apps/server/src/chain/evm/bsc-client.ts';
import { evmDepositSource } from '../apps/server/src/chain/evm/evm-deposit-source.ts';

const BLOCKS = 500n;
const ADDRESSES = 1_000;
const BSC_BLOCKS_PER_BATCH = 50;

export async function depositScanCost() {
  const evm = await startEvmDevChain();
  try {
    const sender = privateKeyToAccount(generatePrivateKey());
    await evm.fund(sender.address, { bnb: '10' });
    const wallet = createWalletClient({ account: sender, chain: bscChain(evm.rpcUrl), transport: http(evm.rpcUrl) });
    const from = (await createPublicClient({ transport: http(evm.rpcUrl) }).getBlockNumber()) + 1n;
    for (let i = 0; i < 50; i++) {
      // BNB between strangers every 10 blocks: blocks with transactions, none of them a deposit.
      await wallet.sendTransaction({ to: getAddress(toHex(randomBytes(20))), value: parseEther('0.001') });
      await evm.mine(9);
    }
    await evm.mine(Number(BLOCKS));
    let requests = 0;
    let bytes = 0;
    // As chain-services.ts makes them: one client for single calls, one that batches the blocks' reads.
    const counted = (batch: boolean) =>
      createPublicClient({
        chain: bscChain(evm.rpcUrl),
        transport: http(evm.rpcUrl, {
          batch: batch ? { batchSize: BSC_BLOCKS_PER_BATCH, wait: 0 } : false,
          onFetchRequest: () => {
            requests++;
          },
          onFetchResponse: async (r) => {
            bytes += (await r.clone().arrayBuffer()).byteLength;
          },
        }),
      });
    const source = evmDepositSource(counted(false), 15, { blockClient: counted(true) });
    const tokens = [
      ...Object.entries(evm.tokens).map(([currency, contract]) => ({ currency, contract, decimals: 18 })),
      { currency: 'bnb', contract: null, decimals: 18 },
    ];
    const addresses = Array.from({ length: ADDRESSES }, () => getAddress(toHex(randomBytes(20))));
    const times: number[] = [];
    let found = -1;
    for (let run = 0; run < 5; run++) {
      requests = 0;
      bytes = 0;
      const start = performance.now();
      found = (await source.transfers(from, from + BLOCKS - 1n, tokens, addresses)).transfers.length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { ms: times[2] as number, requests, kb: bytes / 1024, found };
  } finally {
    await evm.close();
  }
}

if (process.argv[1]?.endsWith('deposit-scan-cost.ts')) {
  const r = await depositScanCost();
  console.log(
    `one scan of ${BLOCKS} blocks, ${ADDRESSES} deposit addresses: ${r.ms.toFixed(0)} ms (median of 5), ` +
      `${r.requests} HTTP requests, ${r.kb.toFixed(0)} KB answered, ${r.found} transfers found`,
  );
}
