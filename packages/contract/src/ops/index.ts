import { opsAccounts } from './accounts.ts';
import { opsConfig } from './config.ts';
import { opsMoney } from './money.ts';
import { opsReserves } from './reserves.ts';
import { opsSupport } from './support.ts';
import { opsTreasury } from './treasury.ts';

export * from './accounts.ts';
export * from './common.ts';
export * from './config.ts';
export * from './money.ts';
export * from './reserves.ts';
export * from './support.ts';
export * from './treasury.ts';

/**
 * Every call of the operator API (/ops/v1), keyed by name: the server serves each through defineOpsRoute,
 * the console and the command line call through them, and GET /ops/v1/openapi.json documents them.
 */
export const OPS = {
  ...opsAccounts,
  ...opsMoney,
  ...opsConfig,
  ...opsSupport,
  ...opsReserves,
  ...opsTreasury,
} as const;
