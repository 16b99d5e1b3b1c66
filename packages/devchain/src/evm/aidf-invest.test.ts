import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  maxUint256,
  parseAbi,
  parseEventLogs,
  parseUnits,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvmDevChain, startEvmDevChain } from '../index.ts';
import { localBsc } from './faucet.ts';

const investAbi = parseAbi([
  'function invest(uint256 amount)',
  'function token() view returns (address)',
  'function invested(address) view returns (uint256)',
  'event Invested(address indexed from, uint256 amount)',
  'error ZeroAmount()',
]);

describe('AidfInvest on the EVM dev chain', () => {
  let chain: EvmDevChain;
  let client: ReturnType<typeof createPublicClient>;

  beforeAll(async () => {
    chain = await startEvmDevChain();
    client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
  });
  afterAll(async () => {
    await chain?.close();
  });

  async function investor(aidf: string) {
    const account = privateKeyToAccount(generatePrivateKey());
    await chain.fund(account.address, { bnb: '1', aidf });
    const wallet = createWalletClient({ account, chain: localBsc(chain.rpcUrl), transport: http(chain.rpcUrl) });
    return { address: account.address, wallet };
  }

  it('is deployed over the AIDF token', async () => {
    const token = await client.readContract({ address: chain.invest, abi: investAbi, functionName: 'token' });
    expect(token.toLowerCase()).toBe(chain.tokens.aidf.toLowerCase());
  });

  it('takes AIDF after an approve of the maximum and emits Invested(from, amount)', async () => {
    const { address, wallet } = await investor('50');
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: chain.tokens.aidf,
        abi: erc20Abi,
        functionName: 'approve',
        args: [chain.invest, maxUint256],
      }),
    });
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: chain.invest,
        abi: investAbi,
        functionName: 'invest',
        args: [parseUnits('20', 18)],
      }),
    });
    const events = parseEventLogs({ abi: investAbi, logs: receipt.logs, eventName: 'Invested' });
    expect(events.map((e) => e.args)).toEqual([{ from: address, amount: parseUnits('20', 18) }]);
    const balanceOf = (owner: `0x${string}`) =>
      client.readContract({ address: chain.tokens.aidf, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    expect(await balanceOf(chain.invest)).toBe(parseUnits('20', 18));
    expect(await balanceOf(address)).toBe(parseUnits('30', 18));
    expect(
      await client.readContract({ address: chain.invest, abi: investAbi, functionName: 'invested', args: [address] }),
    ).toBe(parseUnits('20', 18));
  });

  it('refuses an invest without allowance and an amount of zero', async () => {
    const { address } = await investor('5');
    const call = (amount: bigint) =>
      client.simulateContract({
        account: address,
        address: chain.invest,
        abi: investAbi,
        functionName: 'invest',
        args: [amount],
      });
    await expect(call(parseUnits('1', 18))).rejects.toThrow(/ERC20InsufficientAllowance|reverted/);
    await expect(call(0n)).rejects.toThrow(/ZeroAmount/);
  });
});
