import { createPublicClient, http, parseAbiItem } from 'viem';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Reads the BNB Smart Chain node straight (not through any fault proxy): its head, receipts and token transfers. */
export function chainReader(rpcUrl: string) {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 3 }) });
  return {
    head: () => client.getBlockNumber(),
    /** The block a transaction is in now, or null when the chain no longer has it (reorganised away). */
    async blockOf(hash: `0x${string}`): Promise<bigint | null> {
      try {
        return (await client.getTransactionReceipt({ hash })).blockNumber;
      } catch {
        return null;
      }
    },
    /** Every Transfer of `token` to one of `to`, the whole chain's history (a dev chain is short). */
    async transfersTo(token: `0x${string}`, to: readonly string[]) {
      if (to.length === 0) return [];
      const logs = await client.getLogs({ address: token, event: TRANSFER, fromBlock: 0n, toBlock: 'latest' });
      const wanted = new Set(to.map((a) => a.toLowerCase()));
      return logs
        .filter((l) => wanted.has(String(l.args.to).toLowerCase()))
        .map((l) => ({
          from: String(l.args.from),
          to: String(l.args.to).toLowerCase(),
          value: l.args.value ?? 0n,
          txHash: l.transactionHash,
        }));
    },
  };
}
