import { BaseError, formatUnits, getAddress, type Log, type PublicClient, parseAbiItem, RpcRequestError } from 'viem';
import type { DepositSource, ScannedTransfer, WatchedToken } from '../deposit-source.ts';
import { DEFAULT_BLOCKS_PER_BATCH, evmNativeTransfers } from './evm-native-transfers.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
type TransferLog = Log<bigint, number, false, typeof TRANSFER, true>;

/** Deposit addresses per eth_getLogs request (topic 2 OR-list): public RPCs refuse very long topic lists. */
export const DEFAULT_ADDRESSES_PER_REQUEST = 500;

/**
 * BNB Smart Chain deposits: ERC-20 Transfer logs of the pinned token contracts only (a look-alike token at
 * another address is never read), and only those whose recipient (topic 2) is one of the platform's deposit
 * addresses, asked in chunks of `addressesPerRequest`: the node filters, so the cost follows the platform's
 * deposits, not the token's whole traffic. A range the node refuses as too big ("more than 10000 results",
 * "limit exceeded", response too large) is split in halves, down to one block (then the address chunk is
 * halved). Logs of reverted transactions do not exist, and logs flagged `removed` are skipped.
 * Native BNB (the watched token without a contract) leaves no log: the range's blocks are read with their
 * transactions through `blockClient`, whose transport batches (evm-native-transfers.ts), and only when the
 * platform has deposit addresses at all. Confirmed = head - depth (RULES.md: 15 blocks).
 */
export function evmDepositSource(
  client: PublicClient,
  confirmations: number,
  options: {
    addressesPerRequest?: number;
    /** Reads the blocks for native transfers; its transport should batch (bsc-client.ts). `client` if not given. */
    blockClient?: PublicClient;
    blocksPerBatch?: number;
  } = {},
): DepositSource {
  const perRequest = Math.max(1, options.addressesPerRequest ?? DEFAULT_ADDRESSES_PER_REQUEST);
  const blockClient = options.blockClient ?? client;
  const blocksPerBatch = Math.max(1, options.blocksPerBatch ?? DEFAULT_BLOCKS_PER_BATCH);

  async function logs(
    contracts: `0x${string}`[],
    to: `0x${string}`[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<TransferLog[]> {
    try {
      return await client.getLogs({
        address: contracts,
        event: TRANSFER,
        args: { to },
        fromBlock,
        toBlock,
        strict: true,
      });
    } catch (error) {
      if (!isResultCapError(error)) throw error;
      if (fromBlock < toBlock) {
        const middle = fromBlock + (toBlock - fromBlock) / 2n;
        return [
          ...(await logs(contracts, to, fromBlock, middle)),
          ...(await logs(contracts, to, middle + 1n, toBlock)),
        ];
      }
      if (to.length > 1) {
        const half = Math.ceil(to.length / 2);
        return [
          ...(await logs(contracts, to.slice(0, half), fromBlock, toBlock)),
          ...(await logs(contracts, to.slice(half), fromBlock, toBlock)),
        ];
      }
      throw error;
    }
  }

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
    async transfers(from, to, tokens, depositAddresses) {
      const byContract = new Map<string, WatchedToken>();
      for (const t of tokens) if (t.contract) byContract.set(t.contract.toLowerCase(), t);
      const contracts = [...byContract.keys()].map((a) => getAddress(a));
      const recipients = depositAddresses.map((a) => getAddress(a));
      const chunks: `0x${string}`[][] = [];
      if (contracts.length > 0) {
        for (let i = 0; i < recipients.length; i += perRequest) chunks.push(recipients.slice(i, i + perRequest));
      }
      const native = tokens.find((t) => t.contract === null);
      const [found, last] = await Promise.all([
        Promise.all(chunks.map((chunk) => logs(contracts, chunk, from, to))),
        // The blocks' read names block `to` too; without native transfers to look for, that block alone.
        native && recipients.length > 0
          ? evmNativeTransfers(blockClient, { from, to }, recipients, native, blocksPerBatch)
          : client
              .getBlock({ blockNumber: to })
              .then((block) => ({ transfers: [] as ScannedTransfer[], lastBlockHash: block.hash })),
      ]);
      const transfers: ScannedTransfer[] = [...last.transfers];
      for (const log of found.flat()) {
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
      return { transfers, lastBlockHash: last.lastBlockHash };
    },
  };
}

/** Providers word the cap differently; these are the ones seen (Infura, Alchemy, QuickNode, BSC nodes, geth). */
const CAP_MESSAGE =
  /more than \d+ results|limit exceeded|log response size exceeded|response (size )?(is )?too (large|big)|too many (results|logs)|exceed(s|ed)? (the )?(max(imum)?|limit)|block range (is )?too (large|wide)|range too large/i;

/** Whether the node refused eth_getLogs because the answer would be too big (JSON-RPC -32005, or the wording). */
export function isResultCapError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const rpc = error.walk((e) => e instanceof RpcRequestError);
  if (rpc instanceof RpcRequestError && rpc.code === -32005) return true;
  const texts: string[] = [];
  error.walk((e) => {
    if (e instanceof BaseError) texts.push(e.shortMessage, e.details);
    return false;
  });
  return texts.some((text) => CAP_MESSAGE.test(text));
}
