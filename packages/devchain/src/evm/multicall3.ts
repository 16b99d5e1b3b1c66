import { type Address, createPublicClient, http } from 'viem';
import type { CompiledContract } from './compile.ts';

/** Multicall3's address on BNB Smart Chain and most EVM chains; the dev chain has it there too. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * Places contracts/Multicall3.sol's runtime code at Multicall3's canonical address with `hardhat_setCode`, as the
 * contract sits on BNB Smart Chain, so balances are read in batches at one block alike on both. No transaction: the
 * faucet's nonce, and with it every dev contract's address, stays as it was.
 */
export async function installMulticall3(rpcUrl: string, multicall: CompiledContract): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  await client.request({
    method: 'hardhat_setCode',
    params: [MULTICALL3_ADDRESS, multicall.deployedBytecode],
  } as never);
  // Checked by a call rather than trusted: getBlockNumber must answer the block it is called at. Called at a block
  // named, not the latest: a dev chain that mines on an interval may move on between two requests.
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const answered = await client.readContract({
    address: MULTICALL3_ADDRESS,
    abi: multicall.abi,
    functionName: 'getBlockNumber',
    blockNumber: head,
  });
  if (answered !== head) throw new Error(`Multicall3 at ${MULTICALL3_ADDRESS} answered block ${answered}, not ${head}`);
}
