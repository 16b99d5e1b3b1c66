import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(packageDir, 'package.json'));
const sourcePath = join(packageDir, 'contracts', 'DevToken.sol');
const cachePath = join(packageDir, 'build', 'DevToken.json');
const SOURCE_NAME = 'DevToken.sol';

// 'cancun' matches what BNB Smart Chain runs and is below Hardhat 2.29's default hardfork (osaka).
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { [SOURCE_NAME]: { DevToken: ['abi', 'evm.bytecode.object'] } },
} as const;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/**
 * ABI and creation bytecode of contracts/DevToken.sol. Loading solc's emscripten build and compiling takes
 * seconds, so the result is cached in build/DevToken.json under a key that changes with anything that can
 * change the output: the source, the settings, and the solc and OpenZeppelin versions.
 */
export async function loadDevToken(): Promise<CompiledContract> {
  const source = await readFile(sourcePath, 'utf8');
  const key = cacheKey(source);
  const cached = await readCache(key);
  if (cached) return cached;

  const compiled = await compile(source);
  await mkdir(dirname(cachePath), { recursive: true });
  // Write-then-rename so a parallel test worker never reads a half-written file.
  const tmpPath = `${cachePath}.${process.pid}.tmp`;
  await writeFile(tmpPath, `${JSON.stringify({ key, ...compiled })}\n`);
  await rename(tmpPath, cachePath);
  return compiled;
}

function cacheKey(source: string): string {
  const versions = ['solc', '@openzeppelin/contracts'].map(
    (name) => (require(`${name}/package.json`) as { version: string }).version,
  );
  return createHash('sha256')
    .update(JSON.stringify({ source, settings: SETTINGS, versions }))
    .digest('hex');
}

async function readCache(key: string): Promise<CompiledContract | undefined> {
  try {
    const cached = JSON.parse(await readFile(cachePath, 'utf8')) as CompiledContract & { key: string };
    return cached.key === key ? { abi: cached.abi, bytecode: cached.bytecode } : undefined;
  } catch {
    return undefined; // missing or corrupt: recompile
  }
}

async function compile(source: string): Promise<CompiledContract> {
  // Imported lazily: merely loading solc parses a ~9 MB compiler, which a cache hit never needs.
  const { default: solc } = await import('solc');
  const input = { language: 'Solidity', sources: { [SOURCE_NAME]: { content: source } }, settings: SETTINGS };
  // solc calls this synchronously for every import it meets, e.g. '@openzeppelin/contracts/utils/Context.sol'.
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') };
    } catch (error) {
      return { error: `cannot resolve ${path}: ${(error as Error).message}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;

  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`DevToken.sol failed to compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const contract = output.contracts?.[SOURCE_NAME]?.DevToken;
  if (!contract) throw new Error('solc returned no DevToken contract');
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
