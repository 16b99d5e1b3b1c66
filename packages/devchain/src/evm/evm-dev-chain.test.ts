import { connect } from 'node:net';
import { createPublicClient, erc20Abi, http, multicall3Abi, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvmDevChain, startEvmDevChain } from '../index.ts';

describe('EVM dev chain', () => {
  let chain: EvmDevChain;
  let client: ReturnType<typeof createPublicClient>;

  beforeAll(async () => {
    chain = await startEvmDevChain();
    // cacheTime 0: viem otherwise reuses eth_blockNumber answers for a while, hiding hardhat_mine.
    client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
  });

  afterAll(async () => {
    await chain?.close();
  });

  const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;
  const balanceOf = (token: `0x${string}`, owner: `0x${string}`) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  it('answers as BNB Smart Chain', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await client.request({ method: 'eth_chainId' })).toBe('0x38');
    expect(chain.chainId).toBe(56);
  });

  it('deploys the four tokens with their symbols and 18 decimals', async () => {
    const symbols = { cow: 'COW', usdt: 'USDT', eoeo: 'EOEO', aidf: 'AIDF' } as const;
    for (const [key, symbol] of Object.entries(symbols)) {
      const address = chain.tokens[key as keyof typeof symbols];
      expect(await client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })).toBe(symbol);
      expect(await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })).toBe(18);
    }
  });

  it('funds an address with BNB and tokens', async () => {
    const wallet = freshAddress();
    await chain.fund(wallet, { bnb: '1.5', cow: '10' });

    expect(await client.getBalance({ address: wallet })).toBe(parseEther('1.5'));
    expect(await balanceOf(chain.tokens.cow, wallet)).toBe(parseUnits('10', 18));
    expect(await balanceOf(chain.tokens.usdt, wallet)).toBe(0n);
  });

  it('has Multicall3 at its canonical address: balances of several holders read in one call at one block', async () => {
    expect(chain.multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
    const [a, b] = [freshAddress(), freshAddress()];
    await chain.fund(a, { bnb: '0.25', usdt: '7' });
    await chain.fund(b, { cow: '3' });
    const blockNumber = await client.getBlockNumber();
    await chain.fund(a, { bnb: '1' }); // after the block read at: not seen
    const results = await client.multicall({
      multicallAddress: chain.multicall3,
      blockNumber,
      allowFailure: false,
      contracts: [
        { address: chain.multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [a] },
        { address: chain.tokens.usdt, abi: erc20Abi, functionName: 'balanceOf', args: [a] },
        { address: chain.tokens.cow, abi: erc20Abi, functionName: 'balanceOf', args: [b] },
        { address: chain.multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [b] },
      ],
    });
    expect(results).toEqual([parseEther('0.25'), parseUnits('7', 18), parseUnits('3', 18), 0n]);
  });

  it('rejects malformed amounts', async () => {
    await expect(chain.fund(freshAddress(), { cow: '1e18' })).rejects.toThrow(/not a decimal amount/);
  });

  it('deploys a look-alike token with the same symbol at another address', async () => {
    const holder = freshAddress();
    const fake = await chain.deployToken('COW', 'COW', holder, '1000');

    expect(fake.toLowerCase()).not.toBe(chain.tokens.cow.toLowerCase());
    expect(await client.readContract({ address: fake, abi: erc20Abi, functionName: 'symbol' })).toBe('COW');
    expect(await balanceOf(fake, holder)).toBe(parseUnits('1000', 18));
  });

  it('mines many blocks at once', async () => {
    const before = await client.getBlockNumber();
    await chain.mine(15);
    expect(await client.getBlockNumber()).toBe(before + 15n);
  });

  it('rolls a transfer back with snapshot/revert', async () => {
    const wallet = freshAddress();
    const before = await client.getBlockNumber();
    const id = await chain.snapshot();

    await chain.fund(wallet, { cow: '5' });
    expect(await balanceOf(chain.tokens.cow, wallet)).toBe(parseUnits('5', 18));

    await chain.revert(id);
    expect(await balanceOf(chain.tokens.cow, wallet)).toBe(0n);
    expect(await client.getBlockNumber()).toBe(before);
    // Hardhat discards a snapshot once reverted to.
    await expect(chain.revert(id)).rejects.toThrow(/no such snapshot/);
    // The faucet's nonce went back too; it must not reuse a stale one.
    await chain.fund(wallet, { cow: '1' });
    expect(await balanceOf(chain.tokens.cow, wallet)).toBe(parseUnits('1', 18));
  });

  it('leaves nothing listening after close()', async () => {
    const port = Number(new URL(chain.rpcUrl).port);
    await chain.close();

    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.on('error', resolve);
    });
    expect(error?.code).toBe('ECONNREFUSED');
  });
});
