// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devModulesIn, noDevModules } from './no-dev-modules.ts';

const REPO = '/repo';

describe('devModulesIn', () => {
  it('names the dev chains, the server, the e2e suite, tests and test tooling', () => {
    const found = devModulesIn(
      [
        `${REPO}/packages/devchain/src/solana/dev-chain.ts`,
        `${REPO}/apps/server/src/dev/mailbox.ts`,
        `${REPO}/e2e/support/wallets.ts`,
        `${REPO}/apps/web/src/lib/format.test.ts`,
        `${REPO}/apps/web/src/wallet/dev/fake-wallet.ts`,
        `${REPO}/node_modules/@testing-library/react/dist/index.js`,
      ],
      REPO,
    );
    expect(found).toHaveLength(6);
    expect(found[1]).toBe('apps/server/src/dev/mailbox.ts (server code (dev mailbox, dev wallets, seeds))');
  });

  it('lets the app, the contract, packages and virtual modules through', () => {
    const found = devModulesIn(
      [
        `${REPO}/apps/web/src/main.tsx`,
        `${REPO}/apps/web/src/wallet/evm.ts`,
        `${REPO}/packages/contract/src/index.ts`,
        `${REPO}/node_modules/react/cjs/react.production.js`,
        `${REPO}/node_modules/some-lib/dev/index.js`,
        '\0vite/preload-helper.js',
        `${REPO}/apps/web/index.html?html-proxy&index=0.js`,
      ],
      REPO,
    );
    expect(found).toEqual([]);
  });
});

describe('noDevModules in a real Vite build', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'no-dev-modules-'));
    await fs.mkdir(path.join(root, 'app'), { recursive: true });
    await fs.mkdir(path.join(root, 'e2e'), { recursive: true });
    await fs.writeFile(path.join(root, 'e2e', 'fake-wallet.ts'), 'export const wallet = "fake";\n');
    await fs.writeFile(path.join(root, 'app', 'clean.ts'), 'export const hello = "hello";\n');
    await fs.writeFile(
      path.join(root, 'app', 'leaky.ts'),
      'import { wallet } from "../e2e/fake-wallet.ts";\nexport const hello = wallet;\n',
    );
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  const bundle = (entry: string) =>
    build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [noDevModules({ repoRoot: root })],
      build: { write: false, lib: { entry: path.join(root, 'app', entry), formats: ['es'] } },
    });

  it('builds when nothing dev-only is imported', async () => {
    await expect(bundle('clean.ts')).resolves.toBeDefined();
  });

  it('fails the build when a dev-only module sneaks in', async () => {
    await expect(bundle('leaky.ts')).rejects.toThrow(/e2e\/fake-wallet\.ts \(the end-to-end suite/);
  });
});
