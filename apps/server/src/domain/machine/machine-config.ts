import type { Repositories } from '../../db/repositories/index.ts';

/** The setting keys of the AI miner (migration 0015 seeds them; the operator changes them, audited). */
export const MACHINE_SETTINGS = {
  dailyRate: 'machine.dailyRate',
  capMultiple: 'machine.capMultiple',
  collectionAddress: (chain: 'bsc' | 'solana') => `machine.collectionAddress.${chain}`,
} as const;

export interface MachineConfig {
  /** AIDF a day per unit of worth (0.01 = 1 % a day). */
  dailyRate: string;
  /** The cap as a multiple of worth. */
  capMultiple: string;
  /** Where on-chain payments go; null when neither the setting nor a dev fallback names one. */
  collection: { bsc: string | null; solana: string | null };
  /** The Solana RPC the client may use (the dev stand-in beside the dev chains only; never a private one). */
  publicSolanaRpcUrl?: string | null;
}

/** The settings machineConfig reads. */
export const MACHINE_SETTING_KEYS = [
  MACHINE_SETTINGS.dailyRate,
  MACHINE_SETTINGS.capMultiple,
  MACHINE_SETTINGS.collectionAddress('bsc'),
  MACHINE_SETTINGS.collectionAddress('solana'),
];

/** Where on-chain payments go while the settings name no collection address. */
export interface CollectionFallback {
  bsc: string | null;
  solana: string | null;
}

/**
 * The miner's numbers as the operator last set them. `fallback` names the collection addresses used while
 * the settings are empty (the hot wallet beside the dev chains and in the tests; nothing in production).
 */
export async function machineConfig(
  repos: Repositories,
  fallback: CollectionFallback = { bsc: null, solana: null },
): Promise<MachineConfig> {
  return machineConfigFrom(await repos.settings.get(MACHINE_SETTING_KEYS), fallback);
}

/** The miner's numbers from the settings read (MACHINE_SETTING_KEYS). */
export function machineConfigFrom(values: Map<string, string>, fallback: CollectionFallback): MachineConfig {
  const read = (key: string) => {
    const value = values.get(key);
    if (value === undefined) throw new Error(`setting ${key} is missing`);
    return value;
  };
  return {
    dailyRate: read(MACHINE_SETTINGS.dailyRate),
    capMultiple: read(MACHINE_SETTINGS.capMultiple),
    collection: {
      bsc: values.get(MACHINE_SETTINGS.collectionAddress('bsc')) || fallback.bsc,
      solana: values.get(MACHINE_SETTINGS.collectionAddress('solana')) || fallback.solana,
    },
  };
}
