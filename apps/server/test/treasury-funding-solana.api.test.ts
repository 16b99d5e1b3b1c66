import { toBaseUnits } from '@aidf/contract';
import { type SolanaDevChain, sendInstructions, splTransferInstructions, startSolanaDevChain } from '@aidf/devchain';
import { type Address, createSolanaRpc, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw.ts';
import { PLATFORM } from '../src/domain/ledger/platform-accounts.ts';
import { MACHINE_SETTINGS } from '../src/domain/machine/machine-config.ts';
import { TREASURY_SETTINGS } from '../src/domain/treasury/treasury-settings.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { ops } from './users.ts';

const FINALIZED_DEPTH = 31;
const LAMPORTS = 1_000_000_000n;
const USDT = 1_000_000n;

/**
 * Treasury funding on Solana, against the litesvm stand-in with real keys and signed transfers: the funding is
 * read from the chain (sender, recipient, currency, amount at finality), never taken from the operator's word. A
 * transfer from one of the platform's own addresses is a move inside its holdings and books nothing; a signature
 * booked once books nothing again; money from outside books once.
 */
describe('[api] treasury funding on Solana: checked on chain, internal moves and reused signatures book nothing', () => {
  let chain: SolanaDevChain;
  let server: TestServer;
  let hot: string;
  let outsider: KeyPairSigner;
  let cold: KeyPairSigner;
  let collection: KeyPairSigner;

  const rpc = () => createSolanaRpc(chain.rpcUrl);
  const fund = (body: Record<string, string>) =>
    ops(server, 'POST', '/ops/v1/treasury/fundings', { chain: 'solana', reason: 'gas money for the sweeps', ...body });
  const finalize = () => chain.advanceSlots(FINALIZED_DEPTH + 1);
  const sendSol = (from: KeyPairSigner, lamports: bigint) =>
    sendInstructions(rpc(), from, [
      getTransferSolInstruction({ source: from, destination: hot as Address, amount: lamports }),
    ]);
  const sendUsdt = async (from: KeyPairSigner, units: bigint) =>
    sendInstructions(
      rpc(),
      from,
      await splTransferInstructions(from, hot as Address, chain.usdtMint as Address, units),
    );

  /** What the chain-solana clearing account says Solana should hold, in base units. */
  async function shouldHold(currency: 'sol' | 'usdt') {
    const [row] = rowsOf<{ balance: string }>(
      await server.database.db.execute(
        sql`SELECT coalesce(sum(balance), 0)::text AS balance FROM accounts
            WHERE kind = 'platform' AND platform_code = ${PLATFORM.chain('solana')} AND currency = ${currency}`,
      ),
    );
    return -toBaseUnits(row?.balance ?? '0', currency === 'sol' ? 9 : 6);
  }
  const movementCount = async () =>
    rowsOf(await server.database.db.execute('SELECT count(*)::int AS n FROM movements'));

  beforeAll(async () => {
    chain = await startSolanaDevChain({ finalizationDepth: FINALIZED_DEPTH });
    server = await startTestServer({ env: { SOLANA_RPC_URL: chain.rpcUrl } });
    await server.repos.tokenConfigs.setContract('sol', 'usdt', chain.usdtMint, 6);
    const solana = server.app.chains.solana;
    if (!solana?.hotWalletAddress) throw new Error('the test server has no Solana hot wallet');
    hot = solana.hotWalletAddress;
    outsider = await generateKeyPairSigner();
    cold = await generateKeyPairSigner();
    collection = await generateKeyPairSigner();
    for (const signer of [outsider, cold, collection]) await chain.fund(signer.address, { sol: '10', usdt: '1000' });
    await server.repos.settings.set(TREASURY_SETTINGS.coldAddress('solana'), cold.address, 'tests');
    await server.repos.settings.set(MACHINE_SETTINGS.collectionAddress('solana'), collection.address, 'tests');
    finalize();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await chain?.close();
  });

  it('books SOL from outside the platform once, only at finality; the same signature again books nothing', async () => {
    const before = await shouldHold('sol');
    const signature = await sendSol(outsider, 2n * LAMPORTS);
    // Not finalized yet: refused, nothing booked.
    const early = await fund({ currency: 'sol', amount: '2', txHash: signature });
    expect({ status: early.status, code: early.json.code }).toEqual({ status: 400, code: 81063 });
    expect(await shouldHold('sol')).toBe(before);

    finalize();
    const res = await fund({ currency: 'sol', amount: '2', txHash: signature });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ replayed: false, chain: 'solana', currency: 'sol', amount: '2' });
    expect(await shouldHold('sol')).toBe(before + 2n * LAMPORTS);

    const movements = await movementCount();
    const again = await fund({ currency: 'sol', amount: '2', txHash: signature });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data).toMatchObject({ replayed: true, movementId: res.json.data.movementId });
    expect(await shouldHold('sol')).toBe(before + 2n * LAMPORTS);
    expect(await movementCount()).toEqual(movements);
    const audit = await server.database.db.execute(
      "SELECT count(*)::int AS n FROM operator_actions WHERE action = 'treasury-funding' AND target LIKE 'solana:%'",
    );
    expect(rowsOf(audit)).toEqual([{ n: 1 }]);
  });

  it('books SPL USDT from outside by its transfer to the hot wallet; a wrong amount is refused', async () => {
    const before = await shouldHold('usdt');
    const signature = await sendUsdt(outsider, 250n * USDT);
    finalize();
    const wrong = await fund({ currency: 'usdt', amount: '300', txHash: signature });
    expect({ status: wrong.status, code: wrong.json.code }).toEqual({ status: 400, code: 81063 });
    expect(wrong.json.msg).toContain('it brought 250 usdt');
    const res = await fund({ currency: 'usdt', amount: '250', txHash: signature });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await shouldHold('usdt')).toBe(before + 250n * USDT);
  });

  it('books nothing for a move from the cold or collection address to the hot wallet, and says so', async () => {
    const fromCold = await sendUsdt(cold, 1000n * USDT);
    const fromCollection = await sendSol(collection, LAMPORTS / 2n);
    finalize();
    const usdtBefore = await shouldHold('usdt');
    const solBefore = await shouldHold('sol');
    const movements = await movementCount();
    for (const [body, sender] of [
      [{ currency: 'usdt', amount: '1000', txHash: fromCold }, cold.address],
      [{ currency: 'sol', amount: '0.5', txHash: fromCollection }, collection.address],
    ] as const) {
      const res = await fund(body);
      expect({ status: res.status, code: res.json.code }).toEqual({ status: 409, code: 81070 });
      expect(res.json.msg).toContain(sender);
      expect(res.json.msg).toContain('books nothing');
      // Asked again, the same answer: an internal move never becomes funding.
      expect((await fund(body)).json.code).toBe(81070);
    }
    expect(await shouldHold('usdt')).toBe(usdtBefore);
    expect(await shouldHold('sol')).toBe(solBefore);
    expect(await movementCount()).toEqual(movements);
  });
});
