import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildMerkleSumTree, type InclusionProof, randomSalt } from '@aidf/contract';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserves-proof-'));
const operatorCli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'operator.ts');

function proofFile(name: string, proof: unknown) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(proof));
  return file;
}

async function runCli(file: string) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      operatorCli,
      'reserves-verify',
      file,
    ]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('npm run operator -- reserves-verify', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const tree = buildMerkleSumTree(
    ['cow', 'usdt'],
    [
      { userId: '41', balances: [5_000_000_000_000_000_000n, 0n], salt: randomSalt() },
      { userId: '42', balances: [1n, 2_500_000n], salt: randomSalt() },
      { userId: '43', balances: [0n, 7n], salt: randomSalt() },
    ],
  );

  it('says a good proof is included and exits 0, offline', async () => {
    const proof = tree.proofOf('42') as InclusionProof;
    const { code, stdout } = await runCli(proofFile('good.json', proof));
    expect(code).toBe(0);
    expect(stdout).toContain('included: user 42 with cow 1, usdt 2500000');
    expect(stdout).toContain(`root ${tree.root.hash}`);
    expect(stdout).toContain('liabilities at the root: cow 5000000000000000001, usdt 2500007');
  });

  it('says a changed proof is not included and exits 1; an unreadable file too', async () => {
    const proof = structuredClone(tree.proofOf('42')) as InclusionProof;
    proof.balances[1] = '2500001';
    const changed = await runCli(proofFile('changed.json', proof));
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('NOT included: root-hash-differs');
    const missing = await runCli(path.join(dir, 'missing.json'));
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('cannot read');
  });
});
