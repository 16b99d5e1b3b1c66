import { MINER_CURRENCIES, Money, orderField, priceField, type TOrder } from '@aidf/contract';
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseUnits } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { localBsc } from '../../packages/devchain/src/evm/faucet.ts';
import { setupTransport } from './chain.ts';
import type { ApiClient } from './client.ts';
import type { WorkloadUser } from './setup.ts';
import type { MinerOrder, SentMinerPayment } from './types.ts';

const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
/** The dev chain's token owner (its faucet, account #19): only it may mint. */
const TOKEN_OWNER = 19;
/** The buyers' funder (account #16, pre-funded with BNB, used by nobody else): gives each buyer what it pays. */
const FUNDER = 16;
/** BNB a buyer gets beyond its lack, for the gas of its own transfers. */
const GAS_MONEY = '0.01';
const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);

/** The currencies paid on BNB Smart Chain (MINER_CURRENCIES): the ones the workload's buyers send. */
const BSC_PAID = MINER_CURRENCIES.filter((c) => c.paid === 'chain' && c.chain === 'bsc');

type PayTarget = NonNullable<TOrder['payBsc']>;

/**
 * Users buying an AI miner and paying its lack on chain, as the app's buy screen does: the order is made through
 * the API, the user's own wallet (its bound address) sends each lacking currency to the order's collection
 * address with a real signed transaction on the dev node (BNB natively, EOEO as an ERC-20 transfer), and the
 * transaction id is submitted as the order's hint. The collection watcher must count each payment once and
 * complete the order once (the miner-order-paid-once invariant). A buyer's wallet is first given what it pays by
 * a funder of its own (one nonce sequence, one transaction at a time).
 */
export function minerBuyers(rpcUrl: string) {
  const chain = localBsc(rpcUrl);
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 100 });
  const hardhat = (index: number) =>
    createWalletClient({ account: mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index }), chain, transport });
  const funder = hardhat(FUNDER);
  const tokenOwner = createWalletClient({
    account: mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: TOKEN_OWNER }),
    chain,
    transport: setupTransport(rpcUrl),
  });
  const setupClient = createPublicClient({ chain, transport: setupTransport(rpcUrl), pollingInterval: 100 });
  let queue: Promise<unknown> = Promise.resolve();
  /** Sent is sent: a receipt that does not come leaves the block unknown (-1); the invariants ask the chain. */
  const mined = async (hash: `0x${string}`) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 }).catch(() => null);
    return receipt ? Number(receipt.blockNumber) : -1;
  };
  const funded = <T>(work: () => Promise<T>) => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    /** Mints the funder a float of every token a buyer pays in, once, before the run. */
    async prepare(tokens: Record<string, `0x${string}`>, total: string) {
      for (const token of Object.values(tokens)) {
        const hash = await tokenOwner.writeContract({
          address: token,
          abi: mintAbi,
          functionName: 'mint',
          args: [funder.account.address, parseUnits(total, 18)],
        });
        await setupClient.waitForTransactionReceipt({ hash });
      }
    },

    /**
     * One purchase: the item bought, the user's wallet funded, each lacking currency sent from it to the
     * collection address and its transaction id submitted. Answers the order as the workload saw it; null when no
     * order was made (refused, or its answer never came and the user has no open order).
     */
    async buy(client: ApiClient, user: WorkloadUser, itemId: string): Promise<MinerOrder | null> {
      const order = await placeOrder(client, user, itemId);
      if (!order?.payBsc) return order ? { username: user.username, orderNo: order.orderNo, payments: [] } : null;
      const lacking = BSC_PAID.flatMap(({ currency }) => {
        const amount = order[orderField('lack', currency)] as string | undefined;
        const token = order.payBsc?.tokens.find((t) => t.currency === currency);
        return amount && Number(amount) > 0 && token ? [{ currency, amount, contract: token.contract }] : [];
      });
      const result: MinerOrder = { username: user.username, orderNo: order.orderNo, payments: [] };
      const native = lacking
        .filter((l) => l.contract === null)
        .reduce((sum, l) => sum.plus(new Money(l.amount)), new Money(GAS_MONEY));
      await funded(async () => {
        const sent = [await funder.sendTransaction({ to: user.address, value: parseUnits(native.toFixed(), 18) })];
        for (const l of lacking.filter((x) => x.contract !== null)) {
          sent.push(
            await funder.writeContract({
              address: l.contract as `0x${string}`,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [user.address, parseUnits(l.amount, 18)],
            }),
          );
        }
        // The buyer pays from what it was given: every funding mined first.
        for (const hash of sent) await mined(hash);
      });
      const wallet = createWalletClient({ account: privateKeyToAccount(user.privateKey), chain, transport });
      for (const l of lacking) {
        const to = (order.payBsc as PayTarget).collectionAddress as `0x${string}`;
        const hash =
          l.contract === null
            ? await wallet.sendTransaction({ to, value: parseUnits(l.amount, 18) })
            : await wallet.writeContract({
                address: l.contract as `0x${string}`,
                abi: erc20Abi,
                functionName: 'transfer',
                args: [to, parseUnits(l.amount, 18)],
              });
        const payment: SentMinerPayment = { currency: l.currency, amount: l.amount, txHash: hash, blockNumber: -1 };
        result.payments.push(payment);
        payment.blockNumber = await mined(hash);
        await client.send({
          kind: 'order',
          key: null,
          method: 'POST',
          path: '/v1/cow/home/order/hash',
          token: user.token,
          body: { orderNo: order.orderNo, txId: hash },
          meta: { user: user.username, orderNo: order.orderNo, step: 'hash' },
        });
      }
      return result;
    },
  };
}

/**
 * POST buy; an answer that never came (the phone retried and got 81029, "an order is open") is resumed as the
 * app does: the open order the machine index shows.
 */
async function placeOrder(client: ApiClient, user: WorkloadUser, itemId: string): Promise<TOrder | null> {
  const bought = await client.send({
    kind: 'order',
    key: null,
    method: 'POST',
    path: `/v1/cow/home/buy/ai/${itemId}`,
    token: user.token,
    meta: { user: user.username, item: itemId, step: 'buy' },
  });
  const answer = dataOf<TOrder>(bought.attempts.find((a) => a.status === 200)?.body);
  if (answer) return answer;
  const index = await client.send({
    kind: 'order',
    key: null,
    method: 'GET',
    path: '/v1/cow/home/index',
    token: user.token,
    meta: { user: user.username, step: 'resume' },
  });
  return dataOf<{ openOrder: TOrder | null }>(index.attempts.at(-1)?.body)?.openOrder ?? null;
}

/** The item the buyers buy: paid wholly on BNB Smart Chain, in as many of its currencies as any item is. */
export async function minerItem(client: ApiClient): Promise<string | null> {
  const asked = await client.send({ kind: 'order', key: null, method: 'GET', path: '/v1/cow/home/prices' });
  const items = dataOf<{ aiMinningPriceItems: Record<string, string>[] }>(asked.attempts.at(-1)?.body);
  const used = (item: Record<string, string>, currency: string) => Number(item[priceField(currency as 'bnb')]) > 0;
  const candidates = (items?.aiMinningPriceItems ?? []).filter((item) =>
    MINER_CURRENCIES.every((c) => BSC_PAID.includes(c as (typeof BSC_PAID)[number]) || !used(item, c.currency)),
  );
  const count = (item: Record<string, string>) => BSC_PAID.filter((c) => used(item, c.currency)).length;
  return candidates.sort((a, b) => count(b) - count(a))[0]?.id ?? null;
}

function dataOf<T>(body: unknown): T | null {
  const envelope = body as { code?: unknown; data?: T } | null;
  return envelope && typeof envelope === 'object' && envelope.data ? envelope.data : null;
}
