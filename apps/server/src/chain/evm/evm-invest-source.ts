import { erc20Abi, formatUnits, getAddress, type Log, type PublicClient, parseAbiItem } from 'viem';
import type { DepositSource } from '../deposit-source.ts';
import { isResultCapError } from './evm-deposit-source.ts';

/** The event of packages/devchain/contracts/AidfInvest.sol: what the contract says arrived from whom. */
export const INVESTED = parseAbiItem('event Invested(address indexed from, uint256 amount)');
type InvestedLog = Log<bigint, number, false, typeof INVESTED, true>;
/** The ERC-20 event of the AIDF token: what really moved. */
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
type TransferLog = Log<bigint, number, false, typeof TRANSFER, true>;

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
  /** The same amount in base units, as the event carries it. */
  units: bigint;
}

/** An AIDF Transfer log to the invest contract found in a block range: the value that arrived. */
export interface ScannedInvestTransfer {
  txHash: string;
  logIndex: number;
  /** EIP-55. */
  from: string;
  /** Base units. */
  units: bigint;
}

/** What the invest watcher and the network info need of BNB Smart Chain. */
export interface InvestSource {
  chain: 'bsc';
  genesisHash: DepositSource['genesisHash'];
  heads: DepositSource['heads'];
  blockHash: DepositSource['blockHash'];
  /**
   * The contract's successful Invested events in [from, to], the Transfer logs of `token` to the contract in the
   * same range, and the hash of block `to`.
   */
  invests(
    from: bigint,
    to: bigint,
    target: { contract: string; token: string; decimals: number },
  ): Promise<{ invests: ScannedInvest[]; transfers: ScannedInvestTransfer[]; lastBlockHash: string }>;
  /** `holder`'s balance of the ERC-20 `token`, in base units, at the head. */
  tokenBalance(token: string, holder: string): Promise<bigint>;
}

/**
 * The invest contract on BNB Smart Chain: eth_getLogs by the contract's address and the Invested topic, and
 * eth_getLogs by the AIDF token's address, the Transfer topic and recipient (topic 2) = the contract, over the same
 * range, so the node filters and the cost follows the contract's own traffic. The watcher pairs the two by
 * transaction (pair-invests.ts). The heads (head - depth) and block hashes are the deposit source's, so both
 * watchers share one idea of "confirmed". A range the node refuses as too big is split in halves.
 */
export function evmInvestSource(client: PublicClient, deposits: DepositSource): InvestSource {
  async function halving<T>(fromBlock: bigint, toBlock: bigint, read: (from: bigint, to: bigint) => Promise<T[]>) {
    const go = async (from: bigint, to: bigint): Promise<T[]> => {
      try {
        return await read(from, to);
      } catch (error) {
        if (!isResultCapError(error) || from >= to) throw error;
        const middle = from + (to - from) / 2n;
        return [...(await go(from, middle)), ...(await go(middle + 1n, to))];
      }
    };
    return go(fromBlock, toBlock);
  }
  const investedLogs = (address: `0x${string}`, fromBlock: bigint, toBlock: bigint) =>
    halving<InvestedLog>(fromBlock, toBlock, (from, to) =>
      client.getLogs({ address, event: INVESTED, fromBlock: from, toBlock: to, strict: true }),
    );
  const transferLogs = (token: `0x${string}`, contract: `0x${string}`, fromBlock: bigint, toBlock: bigint) =>
    halving<TransferLog>(fromBlock, toBlock, (from, to) =>
      client.getLogs({
        address: token,
        event: TRANSFER,
        args: { to: contract },
        fromBlock: from,
        toBlock: to,
        strict: true,
      }),
    );

  return {
    chain: 'bsc',
    genesisHash: () => deposits.genesisHash(),
    heads: () => deposits.heads(),
    blockHash: (block) => deposits.blockHash(block),
    async invests(from, to, target) {
      const contract = getAddress(target.contract);
      const token = getAddress(target.token);
      const [found, moved, last] = await Promise.all([
        investedLogs(contract, from, to),
        transferLogs(token, contract, from, to),
        client.getBlock({ blockNumber: to }),
      ]);
      const invests: ScannedInvest[] = [];
      for (const log of found) {
        if (log.removed || log.args.amount === 0n) continue;
        invests.push({
          txHash: log.transactionHash.toLowerCase(),
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          contract: getAddress(log.address),
          from: getAddress(log.args.from),
          amount: formatUnits(log.args.amount, target.decimals),
          units: log.args.amount,
        });
      }
      const transfers: ScannedInvestTransfer[] = [];
      for (const log of moved) {
        // The node filters by token and recipient; checked again, as a provider's filter is not the platform's word.
        if (log.removed || log.args.value === 0n) continue;
        if (getAddress(log.address) !== token || getAddress(log.args.to) !== contract) continue;
        transfers.push({
          txHash: log.transactionHash.toLowerCase(),
          logIndex: log.logIndex,
          from: getAddress(log.args.from),
          units: log.args.value,
        });
      }
      return { invests, transfers, lastBlockHash: last.hash };
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
