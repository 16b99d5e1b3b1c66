import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkPublishedRoot,
  decodeRootPublication,
  type InclusionProof,
  jsonRpcOver,
  proofFileOf,
  verifyInclusionProof,
} from '@aidf/contract';
import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProofFile } from '../src/cli/reserves-verify.ts';
import { rowsOf } from '../src/db/raw.ts';
import { type ReservesPublisherOptions, reservesPublisher } from '../src/domain/treasury/reserves-publisher.ts';
import { type ChainTestServer, startChainTestServer } from './chain.ts';
import { call } from './test-server.ts';
import { DEPTH, expectChainMatchesLedger, expectNoncesInStep, fundHotWallet } from './treasury-bsc.ts';
import { type Account, credit, ops, signUp } from './users.ts';

/** A simulated crash: the tick stops there, as a killed process would. */
class Crash extends Error {}

/**
 * The reserves root published on BNB Smart Chain (docs/architecture.md "Proof of reserves"): each report once, by
 * the hot wallet, with a nonce from the database and its bytes recorded before they are sent, its gas booked as a
 * chain fee; a crash between signing and sending sends the same bytes, never a second transaction. The user's proof
 * names the publication, and its root is found on chain through the node, not through our server.
 */
describe('[api] reserves root published on BNB Smart Chain', () => {
  let server: ChainTestServer;
  const users: Account[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserves-publication-'));

  const publisher = (extra: Partial<ReservesPublisherOptions> = {}) => {
    const chain = server.app.chains.bsc?.publications;
    if (!chain) throw new Error('no publication chain');
    return reservesPublisher({
      repos: server.repos,
      chain,
      owner: 'publisher-1',
      confirmations: DEPTH,
      bumpAfterBlocks: 20,
      maxGasPrice: 100_000_000_000n,
      leaseMs: 1,
      ...extra,
    });
  };
  const runReport = async () => {
    const res = await ops(server, 'POST', '/ops/v1/reserves/reports', { reason: 'publication test' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data as { id: string; root: { hash: string; sums: string[] }; currencies: string[] };
  };
  const proofOf = async (user: Account) => {
    const res = await call(server.baseUrl, '/v1/reserves/proof', { method: 'GET', token: user.token });
    expect(res.status, res.text).toBe(200);
    return res.json.data;
  };
  const publicationOf = async (reportId: string) => {
    const [row] = rowsOf<{ status: string; txHash: string | null; block: string | null; nonce: string | null }>(
      await server.database.db.execute(sql`
        SELECT publication_status AS status, publication_tx_hash AS "txHash", publication_block::text AS block,
          publication_nonce::text AS nonce
        FROM reserves_reports WHERE id = ${reportId}::bigint`),
    );
    return row;
  };
  /** Every transaction on chain that publishes a root, by report id. */
  const publishedOnChain = async () => {
    const client = server.app.chains.bsc?.client;
    if (!client) throw new Error('no client');
    const found: { reportId: string; hash: string; from: string }[] = [];
    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (let n = 0n; n <= head; n++) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
      for (const tx of block.transactions) {
        const decoded = decodeRootPublication(tx.input);
        if (decoded) found.push({ reportId: decoded.reportId, hash: tx.hash, from: tx.from.toLowerCase() });
      }
    }
    return found;
  };

  beforeAll(async () => {
    server = await startChainTestServer();
    for (let i = 0; i < 5; i++) {
      const user = await signUp(server);
      users.push(user);
      await credit(server, user.username, 'usdt', `${i + 1}.25`);
    }
    await fundHotWallet(server, '1');
  }, 300_000);
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await server?.close();
  }, 120_000);

  it('publishes a report once, books its gas, and the proof names the transaction the chain confirms', async () => {
    const report = await runReport();
    expect((await publicationOf(report.id))?.status).toBe('pending');
    const before = await proofOf(users[0] as Account);
    expect(before.publication).toMatchObject({ status: 'pending', txHash: null, chainId: 56 });

    const p = publisher();
    expect(await p.tick()).toMatchObject({ outcome: 'worked', signed: report.id });
    const sent = await publicationOf(report.id);
    expect(sent).toMatchObject({ status: 'sent', block: null });
    // Not yet deep enough: it stays on its way, nothing else is signed.
    expect(await p.tick()).toMatchObject({ followed: ['waiting'], signed: null });
    await server.evm.mine(DEPTH);
    expect(await p.tick()).toMatchObject({ followed: ['published'] });
    const published = await publicationOf(report.id);
    expect(published?.status).toBe('published');
    expect(published?.txHash).toBe(sent?.txHash);
    expect(Number(published?.block)).toBeGreaterThan(0);
    // Nothing left to publish: later ticks sign nothing.
    expect(await p.tick()).toMatchObject({ followed: [], signed: null });

    const hot = server.app.chains.bsc?.hotWalletAddress as string;
    expect(await publishedOnChain()).toEqual([{ reportId: report.id, hash: sent?.txHash, from: hot.toLowerCase() }]);
    const fee = rowsOf<{ n: number }>(
      await server.database.db.execute(
        sql`SELECT count(*)::int AS n FROM movements WHERE type = 'chain-fee' AND ref = ${sent?.txHash}`,
      ),
    );
    expect(fee).toEqual([{ n: 1 }]);
    await expectChainMatchesLedger(server, null, 'bnb');
    await expectNoncesInStep(server);

    // The user's answer names it, and the chain (through the node, not our server) confirms the root.
    const answer = await proofOf(users[2] as Account);
    expect(verifyInclusionProof(answer.proof as InclusionProof)).toEqual({ ok: true });
    expect(answer.publication).toMatchObject({
      status: 'published',
      chain: 'bsc',
      chainId: 56,
      from: hot,
      txHash: sent?.txHash,
      blockNumber: published?.block,
      explorerUrl: `https://bscscan.com/tx/${sent?.txHash}`,
    });
    const check = await checkPublishedRoot(jsonRpcOver(server.evm.rpcUrl), {
      chainId: 56,
      txHash: answer.publication.txHash,
      from: answer.publication.from,
      expected: { reportId: answer.reportId, currencies: answer.proof.currencies, root: answer.proof.root },
    });
    expect(check).toEqual({ status: 'matches', blockNumber: published?.block, from: hot.toLowerCase() });
    const file = path.join(dir, 'proof.json');
    fs.writeFileSync(file, JSON.stringify(proofFileOf(answer)));
    const cli = await verifyProofFile(file, { rpcUrl: server.evm.rpcUrl });
    expect(cli.lines.at(-1)).toContain('it matches');
    expect(cli.code).toBe(0);
  });

  it('sends the same bytes after a crash between signing and sending: one transaction, no nonce lost', async () => {
    const report = await runReport();
    const crashing = publisher({
      crashPoints: {
        afterPublicationSigned: () => {
          throw new Crash('killed after signing');
        },
      },
    });
    await expect(crashing.tick()).rejects.toThrow(Crash);
    const signed = await publicationOf(report.id);
    expect(signed?.status).toBe('signed');
    const client = server.app.chains.bsc?.client;
    expect(await client?.getTransaction({ hash: signed?.txHash as Hex }).catch(() => null)).toBeNull();

    // The restarted treasury finds the recorded bytes and sends them; a crash after sending changes nothing either.
    const crashAfterSend = publisher({
      crashPoints: {
        afterPublicationSent: () => {
          throw new Crash('killed after sending');
        },
      },
    });
    await expect(crashAfterSend.tick()).rejects.toThrow(Crash);
    const p = publisher();
    await p.tick();
    await server.evm.mine(DEPTH);
    await p.tick();
    expect(await publicationOf(report.id)).toMatchObject({ status: 'published', txHash: signed?.txHash });
    const onChain = (await publishedOnChain()).filter((t) => t.reportId === report.id);
    expect(onChain.map((t) => t.hash)).toEqual([signed?.txHash]);
    await expectNoncesInStep(server);
    await expectChainMatchesLedger(server, null, 'bnb');
  });

  it('publishes reports one after another, each with the next nonce, and never a report twice', async () => {
    const first = await runReport();
    const second = await runReport();
    const p = publisher();
    for (let i = 0; i < 6; i++) {
      await p.tick();
      await server.evm.mine(DEPTH);
    }
    const a = await publicationOf(first.id);
    const b = await publicationOf(second.id);
    expect([a?.status, b?.status]).toEqual(['published', 'published']);
    expect(BigInt(b?.nonce ?? 0)).toBe(BigInt(a?.nonce ?? 0) + 1n);
    const all = await publishedOnChain();
    expect(new Set(all.map((t) => t.reportId)).size).toBe(all.length);
    await expectNoncesInStep(server);
  });

  it('signs anew, with a fresh nonce, when another transaction of the hot wallet took its nonce', async () => {
    const report = await runReport();
    const crashing = publisher({
      crashPoints: {
        afterPublicationSigned: () => {
          throw new Crash('killed after signing');
        },
      },
    });
    await expect(crashing.tick()).rejects.toThrow(Crash);
    const signed = await publicationOf(report.id);
    // Someone with the hot wallet's key spends that nonce first: the recorded bytes can never be mined.
    const chain = server.app.chains.bsc?.publications;
    if (!chain) throw new Error('no publication chain');
    const other = await chain.sign({
      data: '0x',
      nonce: BigInt(signed?.nonce ?? -1),
      gasPrice: await chain.gasPrice(),
    });
    await chain.broadcast(other.raw);
    const p = publisher();
    expect(await p.tick()).toMatchObject({ followed: ['nonce-taken'] });
    expect((await publicationOf(report.id))?.status).toBe('pending');
    for (let i = 0; i < 4; i++) {
      await p.tick();
      await server.evm.mine(DEPTH);
    }
    const published = await publicationOf(report.id);
    expect(published?.status).toBe('published');
    expect(BigInt(published?.nonce ?? 0)).toBeGreaterThan(BigInt(signed?.nonce ?? 0));
    expect((await publishedOnChain()).filter((t) => t.reportId === report.id).map((t) => t.hash)).toEqual([
      published?.txHash,
    ]);
    await expectNoncesInStep(server);
  });
});
