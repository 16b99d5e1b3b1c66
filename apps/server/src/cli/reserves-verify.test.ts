import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  buildMerkleSumTree,
  encodeRootPublication,
  forgedPairUnderOneRoot,
  type InclusionProof,
  proofFileOf,
  randomSalt,
  shareLeaves,
} from '@aidf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeServerBundle, serverBundle } from '../../test/main-process.ts';
import { verifyProofFile } from './reserves-verify.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserves-proof-'));
// The command as `npm run operator:prod` runs it: the production build, made once for the file, started with plain
// node. A cold tsx start compiles the whole command first, seconds of CPU that a loaded machine may not give.
let operatorCli = '';
/** A run of the compiled command takes well under a second alone; this is what a machine busy with tests needs. */
const CLI_TIMEOUT_MS = 60_000;
const HOT = '0x00000000000000000000000000000000000000a1';

function proofFile(name: string, content: unknown) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

async function runCli(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [operatorCli, 'reserves-verify', ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

/** A node of the chain outside our server: answers the chain id and the transactions it was given. */
function outsideNode(txs: Map<string, Record<string, unknown>>) {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: string[] };
      const result =
        method === 'eth_chainId'
          ? '0x38'
          : method === 'eth_getTransactionByHash'
            ? (txs.get(params[0] ?? '') ?? null)
            : null;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
}

const tx = (hash: string, data: string) => ({ hash, from: HOT, to: HOT, input: data, blockNumber: '0x2a' });

describe('npm run operator -- reserves-verify', { timeout: CLI_TIMEOUT_MS }, () => {
  const currencies = ['cow', 'usdt'];
  const tree = buildMerkleSumTree(currencies, [
    ...shareLeaves('41', [5_000_000_000_000_000_000n, 0n], [randomSalt(), randomSalt()]),
    ...shareLeaves('42', [1n, 2_500_000n], [randomSalt(), randomSalt()]),
    ...shareLeaves('43', [0n, 7n], [randomSalt(), randomSalt()]),
  ]);
  const published = `0x${'11'.repeat(32)}`;
  const otherRoot = `0x${'22'.repeat(32)}`;
  const txs = new Map<string, Record<string, unknown>>();
  const node = outsideNode(txs);
  let rpcUrl = '';
  const fileOf = (proof: InclusionProof, txHash: string | null, reportId = '7') =>
    proofFileOf({
      reportId,
      createdAt: Date.now(),
      baseUnitDecimals: 18,
      proof,
      publication: { chain: 'bsc', chainId: 56, from: HOT, txHash, blockNumber: txHash ? '42' : null },
    });

  beforeAll(async () => {
    operatorCli = path.join(path.dirname(serverBundle()), 'operator.js');
    txs.set(published, tx(published, encodeRootPublication({ reportId: '7', currencies, root: tree.root })));
    txs.set(
      otherRoot,
      tx(
        otherRoot,
        encodeRootPublication({ reportId: '7', currencies, root: { ...tree.root, hash: 'ab'.repeat(32) } }),
      ),
    );
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  }, CLI_TIMEOUT_MS);
  afterAll(() => {
    removeServerBundle();
    node.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says a good proof is included and its root published, and exits 0', async () => {
    const proof = tree.proofOf('42') as InclusionProof;
    const { code, stdout } = await runCli(proofFile('good.json', fileOf(proof, published)), '--rpc', rpcUrl);
    expect(stdout).toContain('included: user 42 with cow 1, usdt 2500000');
    expect(stdout).toContain(`root ${tree.root.hash}`);
    expect(stdout).toContain('liabilities at the root: cow 5000000000000000001, usdt 2500007');
    expect(stdout).toContain(`root published in transaction ${published} on chain 56, block 42`);
    expect(code).toBe(0);
  });

  it('refuses the forged pair of two users of 100 under a root of 100, and exits 1', async () => {
    const { proofs } = forgedPairUnderOneRoot();
    const results = await Promise.all(
      proofs.map((p, i) => verifyProofFile(proofFile(`forged-${i}.json`, fileOf(p, null)))),
    );
    expect(results.some((r) => r.code === 1)).toBe(true);
    const second = await runCli(path.join(dir, 'forged-1.json'));
    expect(second.stdout).toContain('NOT included: root-hash-differs');
    expect(second.code).toBe(1);
  });

  it('says not included, without an exception, for a sibling sum that overflows', async () => {
    const proof = structuredClone(tree.proofOf('42')) as InclusionProof;
    for (const step of proof.shares[0]?.path ?? []) step.sums[0] = ((1n << 256n) - 1n).toString();
    const { code, stdout } = await runCli(proofFile('overflow.json', fileOf(proof, published)), '--rpc', rpcUrl);
    expect(stdout.trim()).toBe('NOT included: malformed');
    expect(code).toBe(1);
  });

  it('refuses a changed proof, a root published differently or not at all, and an unreadable file', async () => {
    const good = tree.proofOf('42') as InclusionProof;
    const changed = structuredClone(good);
    (changed.shares[1] as { amounts: string[] }).amounts[1] = '1';
    changed.balances[1] = String(BigInt(changed.balances[1] as string) + 1n);
    const cases: [unknown, string][] = [
      [fileOf(changed, published), 'NOT included: root-hash-differs'],
      [fileOf(good, otherRoot), 'NOT the published root'],
      [fileOf(good, published, '8'), 'NOT the published root'],
      [fileOf(good, `0x${'33'.repeat(32)}`), 'NOT published: no transaction'],
    ];
    for (const [i, [content, says]] of cases.entries()) {
      const result = await verifyProofFile(proofFile(`bad-${i}.json`, content), { rpcUrl });
      expect(result.lines.at(-1), says).toContain(says);
      expect(result.code).toBe(1);
    }
    const missing = await verifyProofFile(path.join(dir, 'missing.json'));
    expect(missing.code).toBe(1);
    expect(missing.lines[0]).toContain('cannot read');
  });

  it('exits 2 for an included proof whose root it could not check on chain: not published, or no RPC', async () => {
    const good = tree.proofOf('43') as InclusionProof;
    const unpublished = await verifyProofFile(proofFile('unpublished.json', fileOf(good, null)), { rpcUrl });
    expect(unpublished.lines.at(-1)).toContain('root NOT checked on chain');
    expect(unpublished.code).toBe(2);
    const noRpc = await verifyProofFile(proofFile('no-rpc.json', fileOf(good, published)));
    expect(noRpc.lines.at(-1)).toContain('--rpc');
    expect(noRpc.code).toBe(2);
    const unreachable = await verifyProofFile(proofFile('down.json', fileOf(good, published)), {
      rpcUrl: 'http://127.0.0.1:1',
    });
    expect(unreachable.code).toBe(2);
  });
});
