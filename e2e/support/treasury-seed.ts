/**
 * SEED for the console's treasury spec (e2e/console/treasury.spec.ts): sweeps held for an operator, as a sweeper
 * leaves one after its attempts ran out. No sweeper fails on cue on the dev chains, so the sweeps are planned and
 * failed through the server's own sweeps repository (plan, then fail with one attempt allowed), nothing else.
 */
import fs from 'node:fs';
import type { prepareDatabase } from '@aidf/server';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { e2eStatePath } from './app.ts';

type Repositories = Awaited<ReturnType<typeof prepareDatabase>>['repos'];

export const TREASURY_SEED_FILE = 'treasury.json';

/** One held sweep per console language (each test retries its own), their ids written to the state folder. */
export async function seedHeldSweeps(repos: Repositories, userId: bigint, languages: readonly string[]) {
  const held: Record<string, string> = {};
  for (const [i, language] of languages.entries()) {
    const sweep = await repos.sweeps.plan({
      chain: 'bsc',
      currency: 'usdt',
      kind: 'deposit',
      fromAddress: privateKeyToAddress(generatePrivateKey()),
      userId,
      derivationIndex: 1000 + i,
      toAddress: privateKeyToAddress(generatePrivateKey()),
      amount: BigInt(12 + i) * 10n ** 18n,
    });
    if (!sweep) throw new Error('the treasury seed planned no sweep');
    if ((await repos.sweeps.fail(sweep.id, 'planned', 'seed: RPC answered 429 three times', 1)) !== 'held')
      throw new Error('the treasury seed could not hold its sweep');
    held[language] = sweep.id.toString();
  }
  fs.writeFileSync(e2eStatePath(TREASURY_SEED_FILE), JSON.stringify(held));
}

export function seededHeldSweep(language: string): string {
  const held = JSON.parse(fs.readFileSync(e2eStatePath(TREASURY_SEED_FILE), 'utf8')) as Record<string, string>;
  const id = held[language];
  if (!id) throw new Error(`no held sweep seeded for ${language}`);
  return id;
}
