import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositAddressDeriver, depositXpubOf } from '../src/chain/deposit-keys.ts';
import { call, startTestServer, type TestServer } from './test-server.ts';
import { type Account, signUp } from './users.ts';
import { solanaWallet } from './wallets.ts';

/** The API on DEPOSIT_XPUB: it hands out the seed's EVM deposit addresses without holding the seed. */
describe('deposit addresses from DEPOSIT_XPUB', () => {
  const mnemonic = generateMnemonic(wordlist);
  let server: TestServer;
  let user: Account;

  const address = (currency: string, chainCurrency: string, account: Account) =>
    call(server.baseUrl, `/v1/chn/coin/${currency}/${chainCurrency}/address/${account.mid}/A`, {
      method: 'GET',
      token: account.token,
    });

  beforeAll(async () => {
    server = await startTestServer({ env: { DEPOSIT_XPUB: depositXpubOf(mnemonic) } });
    user = await signUp(server);
  });
  afterAll(() => server?.close());

  it("answers the seed's own EVM deposit address at index = user id", async () => {
    const res = await address('cow', 'bnb', user);
    expect(res.json.code).toBe(200);
    expect(res.json.data.address).toBe(depositAddressDeriver(mnemonic)('bnb', BigInt(user.mid)));
    expect((await address('usdt', 'bnb', user)).json.data.address).toBe(res.json.data.address);
  });

  it("makes no Solana deposit address itself: while the treasury's pool is empty it says to try again (81036)", async () => {
    expect(server.app.solanaAddressMaker).toBeNull();
    const solUser = await signUp(server, solanaWallet());
    const res = await address('sol', 'sol', solUser);
    expect(res.json.code).toBe(81036);
  });
});
