import { formatUnits, getAddress, type PublicClient, parseAbiItem } from 'viem';
import type { DepositSource, ScannedTransfer, WatchedToken } from '../deposit-source.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * BNB Smart Chain deposits: ERC-20 Transfer logs of the pinned token contracts only (a look-alike token at
 * another address is never read). Logs of reverted transactions do not exist, and logs flagged `removed`
 * are skipped. Confirmed = head - depth (RULES.md: 15 blocks).
 */
export function evmDepositSource(client: PublicClient, confirmations: number): DepositSource {
  return {
    chain: 'bsc',
    chainCurrency: 'bnb',
    async genesisHash() {
      const block = await client.getBlock({ blockNumber: 0n });
      return block.hash;
    },
    async heads() {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      return { head, confirmed: head - BigInt(confirmations) };
    },
    async blockHash(block) {
      return (await client.getBlock({ blockNumber: block })).hash;
    },
    async transfers(from, to, tokens) {
      const byContract = new Map<string, WatchedToken>();
      for (const t of tokens) if (t.contract) byContract.set(t.contract.toLowerCase(), t);
      const [logs, last] = await Promise.all([
        byContract.size === 0
          ? Promise.resolve([])
          : client.getLogs({
              address: [...byContract.keys()].map((a) => getAddress(a)),
              event: TRANSFER,
              fromBlock: from,
              toBlock: to,
              strict: true,
            }),
        client.getBlock({ blockNumber: to }),
      ]);
      const transfers: ScannedTransfer[] = [];
      for (const log of logs) {
        const token = byContract.get(log.address.toLowerCase());
        if (!token || log.removed || log.args.value === 0n) continue;
        transfers.push({
          txHash: log.transactionHash,
          eventIndex: String(log.logIndex),
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          currency: token.currency,
          tokenContract: getAddress(log.address),
          from: log.args.from,
          to: log.args.to,
          amount: formatUnits(log.args.value, token.decimals),
        });
      }
      return { transfers, lastBlockHash: last.hash };
    },
  };
}
