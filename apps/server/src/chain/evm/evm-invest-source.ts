import { erc20Abi, formatUnits, getAddress, type Log, type PublicClient, parseAbiItem } from 'viem';
import type { DepositSource } from '../deposit-source.ts';
import { isResultCapError } from './evm-deposit-source.ts';

/** The event of packages/devchain/contracts/AidfInvest.sol: what arrived from whom. */
export const INVESTED = parseAbiItem('event Invested(address indexed from, uint256 amount)');
type InvestedLog = Log<bigint, number, false, typeof INVESTED, true>;

/** An Invested event found in a block range. */
export interface ScannedInvest {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  contract: string;
  /** EIP-55, as bound addresses are kept. */
  from: string;
  /** Decimal string in whole tokens. */
  amount: string;
}

/** What the invest watcher and the network info need of BNB Smart Chain. */
export interface InvestSource {
  chain: 'bsc';
  genesisHash: DepositSource['genesisHash'];
  heads: DepositSource['heads'];
  blockHash: DepositSource['blockHash'];
  /** The contract's successful Invested events in [from, to], and the hash of block `to`. */
  invests(
    from: bigint,
    to: bigint,
    contract: string,
    decimals: number,
  ): Promise<{ invests: ScannedInvest[]; lastBlockHash: string }>;
  /** `holder`'s balance of the ERC-20 `token`, in base units, at the head. */
  tokenBalance(token: string, holder: string): Promise<bigint>;
}

/**
 * The invest contract on BNB Smart Chain: eth_getLogs by the contract's address and the Invested topic only,
 * so the node filters and the cost follows the contract's own traffic. The heads (head - depth) and block
 * hashes are the deposit source's, so both watchers share one idea of "confirmed". A range the node refuses as
 * too big is split in halves.
 */
export function evmInvestSource(client: PublicClient, deposits: DepositSource): InvestSource {
  async function logs(address: `0x${string}`, fromBlock: bigint, toBlock: bigint): Promise<InvestedLog[]> {
    try {
      return await client.getLogs({ address, event: INVESTED, fromBlock, toBlock, strict: true });
    } catch (error) {
      if (!isResultCapError(error) || fromBlock >= toBlock) throw error;
      const middle = fromBlock + (toBlock - fromBlock) / 2n;
      return [...(await logs(address, fromBlock, middle)), ...(await logs(address, middle + 1n, toBlock))];
    }
  }

  return {
    chain: 'bsc',
    genesisHash: () => deposits.genesisHash(),
    heads: () => deposits.heads(),
    blockHash: (block) => deposits.blockHash(block),
    async invests(from, to, contract, decimals) {
      const [found, last] = await Promise.all([
        logs(getAddress(contract), from, to),
        client.getBlock({ blockNumber: to }),
      ]);
      const invests: ScannedInvest[] = [];
      for (const log of found) {
        if (log.removed || log.args.amount === 0n) continue;
        invests.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          contract: getAddress(log.address),
          from: getAddress(log.args.from),
          amount: formatUnits(log.args.amount, decimals),
        });
      }
      return { invests, lastBlockHash: last.hash };
    },
    tokenBalance(token, holder) {
      return client.readContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [getAddress(holder)],
      });
    },
  };
}
