import type { CollectionWatcher } from '../src/domain/machine/collection-watcher.ts';
import { call, type TestServer } from './test-server.ts';
import { type Account, ops } from './users.ts';

/* The AI miner's payment tests (machine-payments*.api.test.ts): buying, polling and paying an order as a user. */

export const DEPTH = 15; // RULES.md: BSC counts a transaction after 15 confirmations
export const FINALIZED_DEPTH = 31;

export const newItem = async (server: TestServer, price: Record<string, string>) =>
  (await ops(server, 'POST', '/ops/v1/machine/items', { ...price, reason: 'payment tests' })).json.data.id as string;
export const buy = async (server: TestServer, user: Account, id: string) =>
  (await call(server.baseUrl, `/v1/cow/home/buy/ai/${id}`, { body: {}, token: user.token })).json;
export const orderOf = async (server: TestServer, user: Account, orderNo: string) =>
  (await call(server.baseUrl, `/v1/cow/home/order/${orderNo}`, { method: 'GET', token: user.token })).json.data;
export const submitHash = async (server: TestServer, user: Account, orderNo: string, txId: string) =>
  (await call(server.baseUrl, '/v1/cow/home/order/hash', { body: { orderNo, txId }, token: user.token })).json;
export const cancelOrder = (server: TestServer, user: Account, orderNo: string) =>
  call(server.baseUrl, '/v1/cow/home/order/cancel', { body: { orderNo }, token: user.token });
export const machinesOf = async (server: TestServer, user: Account) =>
  (await call(server.baseUrl, '/v1/cow/ai/machine/p/1-100', { body: {}, token: user.token })).json.data;

/** Ticks until the watcher has caught up; any other end (lease lost, stopped) fails the test. */
export async function watchAll(watcher: CollectionWatcher) {
  const total = { hinted: 0, found: 0, settled: 0, orphaned: 0 };
  for (let i = 0; i < 200; i++) {
    const result = await watcher.tick();
    if (result.outcome !== 'scanned' && result.outcome !== 'caught-up') {
      throw new Error(`the collection watcher ended with ${JSON.stringify(result)}`);
    }
    total.hinted += result.hinted;
    total.found += result.found;
    total.settled += result.settled;
    total.orphaned += result.orphaned;
    if (result.outcome === 'caught-up') return total;
  }
  throw new Error('the collection watcher never caught up');
}
