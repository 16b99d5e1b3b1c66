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
  /** The code a deployment leaves at its address (what `hardhat_setCode` places). */
  deployedBytecode: Hex;
}

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(join(packageDir, 'package.json'));

/** The contracts in contracts/, each in its own file of the same name. */
export type ContractName = 'DevToken' | 'AidfInvest' | 'Multicall3';

// 'cancun' matches what BNB Smart Chain runs and is below Hardhat 2.29's default hardfork (osaka).
const settingsOf = (name: ContractName) =>
  ({
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    outputSelection: { [`${name}.sol`]: { [name]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  }) as const;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

export const loadDevToken = () => loadContract('DevToken');
export const loadAidfInvest = () => loadContract('AidfInvest');
export const loadMulticall3 = () => loadContract('Multicall3');

/**
 * ABI and creation bytecode of contracts/<name>.sol. Loading solc's emscripten build and compiling takes
 * seconds, so the result is cached in build/<name>.json under a key that changes with anything that can
 * change the output: the source, the settings, and the solc and OpenZeppelin versions.
 */
export async function loadContract(name: ContractName): Promise<CompiledContract> {
  const source = await readFile(join(packageDir, 'contracts', `${name}.sol`), 'utf8');
  const cachePath = join(packageDir, 'build', `${name}.json`);
  const key = cacheKey(name, source);
  const cached = await readCache(cachePath, key);
  if (cached) return cached;

  const compiled = await compile(name, source);
  await mkdir(dirname(cachePath), { recursive: true });
  // Write-then-rename so a parallel test worker never reads a half-written file.
  const tmpPath = `${cachePath}.${process.pid}.tmp`;
  await writeFile(tmpPath, `${JSON.stringify({ key, ...compiled })}\n`);
  await rename(tmpPath, cachePath);
  return compiled;
}

function cacheKey(name: ContractName, source: string): string {
  const versions = ['solc', '@openzeppelin/contracts'].map(
    (name) => (require(`${name}/package.json`) as { version: string }).version,
  );
  return createHash('sha256')
    .update(JSON.stringify({ source, settings: settingsOf(name), versions }))
    .digest('hex');
}

async function readCache(cachePath: string, key: string): Promise<CompiledContract | undefined> {
  try {
    const cached = JSON.parse(await readFile(cachePath, 'utf8')) as CompiledContract & { key: string };
    return cached.key === key && cached.deployedBytecode
      ? { abi: cached.abi, bytecode: cached.bytecode, deployedBytecode: cached.deployedBytecode }
      : undefined;
  } catch {
    return undefined; // missing or corrupt: recompile
  }
}

async function compile(name: ContractName, source: string): Promise<CompiledContract> {
  const sourceName = `${name}.sol`;
  // Imported lazily: merely loading solc parses a ~9 MB compiler, which a cache hit never needs.
  const { default: solc } = await import('solc');
  const input = { language: 'Solidity', sources: { [sourceName]: { content: source } }, settings: settingsOf(name) };
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
    throw new Error(`${sourceName} failed to compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const contract = output.contracts?.[sourceName]?.[name];
  if (!contract) throw new Error(`solc returned no ${name} contract`);
  return {
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
  };
}
