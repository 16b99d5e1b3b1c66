import {
  BaseError,
  formatLog,
  formatUnits,
  getAddress,
  type Hash,
  type Log,
  numberToHex,
  type PublicClient,
  pad,
  parseAbiItem,
  parseEventLogs,
  type RpcLog,
  RpcRequestError,
  toEventSelector,
} from 'viem';
import type { DepositSource, RecipientLookup, ScannedTransfer, WatchedToken } from '../deposit-source.ts';
import { DEFAULT_BLOCKS_PER_BATCH, nativeTransfersTo, readBlocks } from './evm-native-transfers.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const TRANSFER_TOPIC = toEventSelector(TRANSFER);
type TransferLog = Log<bigint, number, false, typeof TRANSFER, true>;

/**
 * Blocks per scan (BSC_BLOCKS_PER_SCAN): one eth_getLogs range. Under the range limits of public BNB Smart Chain
 * nodes (docs/deployment.md); a range a node still refuses is halved.
 */
export const DEFAULT_BSC_BLOCKS_PER_SCAN = 500n;

/**
 * BNB Smart Chain deposits, read as the chain's traffic and not per deposit address: one eth_getLogs per range for
 * the ERC-20 Transfer logs of every pinned token contract (a look-alike token at another address is never read),
 * whatever their recipient; the watcher then asks which recipients are its deposit addresses in one query per range
 * (`ours`, `matchesRecipients`), so a scan costs the same with 1,000 or 100,000 addresses. A range the node refuses
 * as too big ("more than 10000 results", "limit exceeded", response too large) is split in halves, down to one
 * block. Logs of reverted transactions do not exist, and logs flagged `removed` are skipped.
 * Native BNB (the watched token without a contract) leaves no log: every block of the range is read once with its
 * transactions through `blockClient`, whose transport batches (evm-native-transfers.ts), and a transaction with a
 * value to one of the deposit addresses is a deposit once its receipt says it succeeded.
 * A node behind the chain (a lagging replica behind a load balancer) answers a range it has not reached with no
 * logs rather than an error; so each eth_getLogs goes in one JSON-RPC batch (one HTTP request: one node) with the
 * header of its range's last block, and a node without that block fails the tick, the cursor staying. Each log's
 * block hash must be the one of its block as read for native transfers, and block `to` the same in both.
 * Given `depositAddresses` (the collection address), only the transfers to those are asked and answered.
 * Confirmed = head - depth (RULES.md: 15 blocks).
 */
export function evmDepositSource(
  client: PublicClient,
  confirmations: number,
  options: {
    /** Blocks per scan, the range of one eth_getLogs (DEFAULT_BSC_BLOCKS_PER_SCAN if not given). */
    blocksPerScan?: bigint;
    /** Reads the blocks; its transport should batch (bsc-client.ts). `client` if not given. */
    blockClient?: PublicClient;
    /**
     * Asks each eth_getLogs with its range's last block; its transport must batch (`blockClient` if not given). A
     * client of its own: on the blocks' client, a queue of block reads longer than the batch could split the pair
     * over two HTTP requests, and so over two nodes, and the lagging-replica guard would not hold.
     */
    logsClient?: PublicClient;
    blocksPerBatch?: number;
  } = {},
): DepositSource {
  const blockClient = options.blockClient ?? client;
  const logsClient = options.logsClient ?? blockClient;
  const blocksPerBatch = Math.max(1, options.blocksPerBatch ?? DEFAULT_BLOCKS_PER_BATCH);

  /**
   * The Transfer logs of `contracts` in [from, to] (to `recipients` only, when given) and the hash of block `to`,
   * asked of one node together; halved while the node refuses the range as too big.
   */
  async function logs(
    contracts: `0x${string}`[],
    recipients: `0x${string}`[] | null,
    from: bigint,
    to: bigint,
  ): Promise<{ logs: TransferLog[]; toHash: Hash }> {
    try {
      const topics = recipients
        ? [TRANSFER_TOPIC, null, recipients.map((r) => pad(r.toLowerCase() as `0x${string}`))]
        : [TRANSFER_TOPIC];
      // Started together, so the batching transport sends both in one request, answered by one node.
      const [raw, header] = await Promise.all([
        logsClient.request({
          method: 'eth_getLogs',
          params: [{ address: contracts, topics, fromBlock: numberToHex(from), toBlock: numberToHex(to) }],
        }),
        logsClient.request({ method: 'eth_getBlockByNumber', params: [numberToHex(to), false] }),
      ]);
      if (!header?.hash) throw new Error(`the node that answered the logs of blocks ${from}-${to} has no block ${to}`);
      const formatted = (raw as RpcLog[]).map((log) => formatLog(log));
      return { logs: parseEventLogs({ abi: [TRANSFER], logs: formatted, strict: true }), toHash: header.hash };
    } catch (error) {
      if (!isResultCapError(error) || from >= to) throw error;
      const middle = from + (to - from) / 2n;
      const left = await logs(contracts, recipients, from, middle);
      const right = await logs(contracts, recipients, middle + 1n, to);
      return { logs: [...left.logs, ...right.logs], toHash: right.toHash };
    }
  }

  return {
    chain: 'bsc',
    chainCurrency: 'bnb',
    maxRange: options.blocksPerScan ?? DEFAULT_BSC_BLOCKS_PER_SCAN,
    matchesRecipients: true,
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
    async transfers(from, to, tokens, depositAddresses, ours) {
      const byContract = new Map<string, WatchedToken>();
      for (const t of tokens) if (t.contract) byContract.set(t.contract.toLowerCase(), t);
      const contracts = [...byContract.keys()].map((a) => getAddress(a));
      const native = tokens.find((t) => t.contract === null);
      const only = depositAddresses.length > 0 ? depositAddresses.map((a) => getAddress(a)) : null;
      const [found, blocks] = await Promise.all([
        contracts.length > 0 ? logs(contracts, only, from, to) : null,
        native ? readBlocks(blockClient, { from, to }, blocksPerBatch) : null,
      ]);
      const lastBlockHash =
        found?.toHash ?? blocks?.hashes.get(to) ?? (await client.getBlock({ blockNumber: to })).hash;
      if (blocks && blocks.hashes.get(to) !== lastBlockHash) {
        throw new Error(`block ${to} read twice with two hashes: the chain changed under the scan`);
      }
      const tokenLogs = (found?.logs ?? []).filter((log) => {
        const known = blocks?.hashes.get(log.blockNumber);
        if (known !== undefined && known !== log.blockHash) {
          throw new Error(`a log of block ${log.blockNumber} is of another block than the one read`);
        }
        return byContract.has(log.address.toLowerCase()) && !log.removed && log.args.value !== 0n;
      });
      const candidates = blocks?.candidates ?? [];
      const wanted = await recipientsWanted(
        only,
        ours,
        tokenLogs.map((l) => l.args.to),
        candidates.map((c) => c.tx.to as string),
      );
      const transfers: ScannedTransfer[] = native
        ? await nativeTransfersTo(blockClient, candidates, wanted, native)
        : [];
      for (const log of tokenLogs) {
        if (!wanted.has(log.args.to.toLowerCase())) continue;
        const token = byContract.get(log.address.toLowerCase()) as WatchedToken;
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
      transfers.sort((a, b) => (a.blockNumber === b.blockNumber ? 0 : a.blockNumber < b.blockNumber ? -1 : 1));
      return { transfers, lastBlockHash };
    },
  };
}

/**
 * The recipients (lower case) whose transfers the scan answers: the addresses it was given, or those of the range's
 * recipients `ours` says are deposit addresses (one lookup for the tokens' and the native coin's), or every one.
 */
async function recipientsWanted(
  only: readonly string[] | null,
  ours: RecipientLookup | undefined,
  tokenRecipients: readonly string[],
  nativeRecipients: readonly string[],
): Promise<ReadonlySet<string>> {
  if (only) return new Set(only.map((a) => a.toLowerCase()));
  const all = new Set([...tokenRecipients, ...nativeRecipients].map((a) => a.toLowerCase()));
  if (!ours || all.size === 0) return all;
  return new Set([...(await ours([...all]))].map((a) => a.toLowerCase()));
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
