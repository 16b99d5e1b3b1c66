import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_REQUEST_SIGN_SECRET } from '@aidf/contract';
import { z } from 'zod';
import { type ConfigMode, productionRefusal, startupCheck, startupRefusal, testModeRefusal } from './config-mode.ts';
import { DEV_AUTHENTICATOR_SEAL_KEY, sealKeyBytes } from './domain/auth/authenticator-seal.ts';
import { RULES_SCRYPT_N } from './domain/auth/password.ts';
import { type ProcessRole, spendingKeyRefusal, ZRoles } from './process-roles.ts';
import { type TrustProxy, ZTrustProxy } from './trust-proxy.ts';

/** The operator token of development; `npm start` prints it. */
export const DEV_OPERATOR_TOKEN = 'aidf-dev-operator-token';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLES: ZRoles,
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REQUEST_SIGN_SECRET: z.string().min(16).default(DEV_REQUEST_SIGN_SECRET),
  OPERATOR_TOKEN: z.string().min(16).default(DEV_OPERATOR_TOKEN),
  AUTHENTICATOR_SEAL_KEY: z
    .string()
    .refine(
      (t) => sealKeyBytes(t) !== null,
      'must be 32 random bytes in base64, such as `openssl rand -base64 32` prints',
    )
    .default(DEV_AUTHENTICATOR_SEAL_KEY),
  AUTHENTICATOR_SEAL_KEY_PREVIOUS: z
    .string()
    .refine(
      (t) => sealKeyBytes(t) !== null,
      'must be 32 random bytes in base64, such as `openssl rand -base64 32` prints',
    )
    .optional(),
  CREDIT_APPROVAL_THRESHOLD: z
    .string()
    .regex(/^(?:0|[1-9]\d{0,23})(?:\.\d{1,18})?$/, 'must be a plain decimal amount, such as 1000')
    .optional(),
  DEPOSIT_HD_MNEMONIC: z.string().optional(),
  DEPOSIT_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, "must be the extended public key of m/44'/60'/0'/0 (xpub…)")
    .optional(),
  SOLANA_DEPOSIT_POOL_AHEAD: z.coerce.number().int().min(1).max(100_000).default(500),
  BSC_BLOCKS_PER_SCAN: z.coerce.number().int().min(1).max(10_000).default(500),
  SMTP_URL: z.string().optional(),
  BSC_RPC_URL: z.url().optional(),
  SOLANA_RPC_URL: z.url().optional(),
  HOT_WALLET_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .optional(),
  HOT_WALLET_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
    .optional(),
  SOLANA_HOT_WALLET_KEY: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{43,88}$/, 'must be base58: a 64-byte secret key or a 32-byte seed')
    .optional(),
  SOLANA_HOT_WALLET_ADDRESS: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address')
    .optional(),
  BSC_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(15),
  WITHDRAW_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,18})?$/, 'must be a decimal in [0, 1), such as 0.005')
    .default('0.005'),
  CHAIN_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(3000),
  // A stop (SIGTERM) drains within this; what is still running after it is cut off and the exit code is 1.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  PAYOUT_BUMP_AFTER_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(20),
  PAYOUT_MAX_GAS_PRICE_GWEI: z.coerce.number().positive().max(1_000_000).default(20),
  DEV_CHAIN: z.enum(['on', 'off']).default('on'),
  SECURITY_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
  PASSWORD_SCRYPT_N: z.coerce
    .number()
    .int()
    .refine(
      (n) => n >= 1024 && n <= RULES_SCRYPT_N && (n & (n - 1)) === 0,
      'must be a power of two from 1024 to 131072',
    )
    .default(RULES_SCRYPT_N),
  PUBLIC_HOSTS: z
    .string()
    .regex(/^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*$/, 'must be a comma list of hosts, such as aidf.example,www.aidf.example')
    .optional(),
  TRUST_PROXY: ZTrustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  CONSOLE_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/console/dist')),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  /** Whether the dev tools may run: only in 'dev-chains' (npm start's own dev chains) and 'test' (config-mode.ts). */
  mode: ConfigMode;
  /** What this process runs (process-roles.ts): from ROLES, all three by default. */
  roles: readonly ProcessRole[];
  port: number;
  host: string;
  /** Where the embedded database keeps its files; ':memory:' keeps it in memory. */
  dataDir: string;
  databaseUrl: string | undefined;
  requestSignSecret: string;
  /** Bearer token of the operator API (/ops/v1): the command line's, the admin operator `cli`. */
  operatorToken: string;
  /**
   * The key users' authenticator secrets are sealed under (AUTHENTICATOR_SEAL_KEY, 32 bytes in base64), and the
   * one before a rotation, still read (AUTHENTICATOR_SEAL_KEY_PREVIOUS). Only in a process running the API role
   * (undefined and null in any other).
   */
  authenticatorSealKey: string | undefined;
  authenticatorSealKeyPrevious: string | null;
  /**
   * Four eyes: a credit, or a held payout's retry or refund, of at least this amount (in its own
   * currency) waits for a second operator. null (unset, allowed outside production): everything applies at once.
   */
  creditApprovalThreshold: string | null;
  /**
   * BIP-39 phrase of the deposit addresses; in development a key file in DATA_DIR when unset. Read only in a
   * process running the treasury role (undefined in any other).
   */
  depositMnemonic: string | undefined;
  /** Extended public key of m/44'/60'/0'/0: EVM deposit addresses without the seed. */
  depositXpub: string | undefined;
  /** Free Solana deposit addresses the treasury keeps derived ahead (domain/chain/solana-deposit-pool.ts). */
  solanaDepositPoolAhead: number;
  /** Blocks per scan of the BNB Smart Chain deposit watcher: its eth_getLogs range (halved when refused). */
  bscBlocksPerScan: number;
  smtpUrl: string | undefined;
  /** BNB Smart Chain RPC; outside production, unset means `npm start` runs a dev chain (unless DEV_CHAIN=off). */
  bscRpcUrl: string | undefined;
  solanaRpcUrl: string | undefined;
  /**
   * The payout wallet's key; in development derived from the dev deposit phrase when unset. Read only in a
   * process running the treasury role (undefined in any other).
   */
  hotWalletPrivateKey: string | undefined;
  /** The hot wallet's public address, for a process without its key: the API refuses it as a destination. */
  hotWalletAddress: string | undefined;
  /**
   * The Solana hot wallet's key (base58: 64-byte secret key or 32-byte seed); beside the dev chains derived from
   * the dev deposit phrase when unset. Read only in a process running the treasury role.
   */
  solanaHotWalletKey: string | undefined;
  /** The Solana hot wallet's address, for a process without its key. */
  solanaHotWalletAddress: string | undefined;
  /** Blocks on top of a transfer before a deposit is credited or a payout confirmed (RULES.md: 15). */
  bscConfirmations: number;
  /** The one withdrawal fee rate of RULES.md (0.005 = 0.5 %). */
  withdrawFeeRate: string;
  /** How often the deposit watchers and the payout worker look at the chains. */
  chainPollMs: number;
  /** How long a graceful stop may take before the process exits with 1 (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Blocks a payout may wait unmined before it is signed again, same nonce, at a higher gas price. */
  payoutBumpAfterBlocks: number;
  /** The highest gas price a payout is ever signed at, in wei (from PAYOUT_MAX_GAS_PRICE_GWEI). */
  payoutMaxGasPrice: bigint;
  /** Hours transfers and withdrawals stay refused after a bind, unbind or password change. */
  securityHoldHours: number;
  /** N of new password hashes: RULES.md's 2^17, lower only in the test suite (PASSWORD_SCRYPT_N). */
  passwordScryptN: number;
  /**
   * The hosts (as the browser's address bar shows them, port included) signed texts may name;
   * empty: the request's own Host header, for development. Set it in production.
   */
  publicHosts: string[];
  /** Fastify's trustProxy: which X-Forwarded-For hops name the client. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** The built web app; the server answers without it when the folder is missing. */
  webDistDir: string | undefined;
  /** The built operator console, served at /ops/; absent, only the operator API answers. */
  consoleDistDir: string | undefined;
}

/** Reads the environment once; a bad value stops the start with one clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // docs/deployment.md "Production start-up rules": the dev tools only beside npm start's own dev chains or in the tests.
  const devSecrets = {
    REQUEST_SIGN_SECRET: DEV_REQUEST_SIGN_SECRET,
    OPERATOR_TOKEN: DEV_OPERATOR_TOKEN,
    AUTHENTICATOR_SEAL_KEY: DEV_AUTHENTICATOR_SEAL_KEY,
  };
  const startup = startupCheck(e, devSecrets, env);
  // Before what is missing: a key where it must not be is the graver fault, and needs no other setting to see.
  const keyRefusal = startup.mode === 'production-like' ? spendingKeyRefusal(e.ROLES, env) : null;
  if (keyRefusal) throw new Error(keyRefusal);
  if (startup.missing.length > 0)
    throw new Error(e.NODE_ENV === 'production' ? productionRefusal(startup) : startupRefusal(startup));
  const testRefusal = startup.mode === 'test' ? testModeRefusal(env) : null;
  if (testRefusal) throw new Error(testRefusal);
  if (e.PASSWORD_SCRYPT_N < RULES_SCRYPT_N && startup.mode !== 'test')
    throw new Error(`PASSWORD_SCRYPT_N below ${RULES_SCRYPT_N} is for the test suite only (NODE_ENV=test)`);
  // The spending keys go no further than a process running the treasury role (process-roles.ts).
  const treasury = e.ROLES.includes('treasury');
  // The authenticator seal key likewise stays in the API role, the one that checks codes.
  const api = e.ROLES.includes('api');
  return {
    env: e.NODE_ENV,
    mode: startup.mode,
    roles: e.ROLES,
    port: e.PORT,
    host: e.HOST,
    // Relative to where the user ran npm (INIT_CWD), not to the workspace npm switched into.
    dataDir: e.DATA_DIR === ':memory:' ? e.DATA_DIR : path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    requestSignSecret: e.REQUEST_SIGN_SECRET,
    operatorToken: e.OPERATOR_TOKEN,
    authenticatorSealKey: api ? e.AUTHENTICATOR_SEAL_KEY : undefined,
    authenticatorSealKeyPrevious: (api && e.AUTHENTICATOR_SEAL_KEY_PREVIOUS) || null,
    creditApprovalThreshold: e.CREDIT_APPROVAL_THRESHOLD ?? null,
    depositMnemonic: treasury ? e.DEPOSIT_HD_MNEMONIC : undefined,
    depositXpub: e.DEPOSIT_XPUB,
    solanaDepositPoolAhead: e.SOLANA_DEPOSIT_POOL_AHEAD,
    bscBlocksPerScan: e.BSC_BLOCKS_PER_SCAN,
    smtpUrl: e.SMTP_URL,
    bscRpcUrl: e.BSC_RPC_URL,
    solanaRpcUrl: e.SOLANA_RPC_URL,
    hotWalletPrivateKey: treasury ? e.HOT_WALLET_PRIVATE_KEY : undefined,
    hotWalletAddress: e.HOT_WALLET_ADDRESS,
    solanaHotWalletKey: treasury ? e.SOLANA_HOT_WALLET_KEY : undefined,
    solanaHotWalletAddress: e.SOLANA_HOT_WALLET_ADDRESS,
    bscConfirmations: e.BSC_CONFIRMATIONS,
    withdrawFeeRate: e.WITHDRAW_FEE_RATE,
    chainPollMs: e.CHAIN_POLL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    payoutBumpAfterBlocks: e.PAYOUT_BUMP_AFTER_BLOCKS,
    payoutMaxGasPrice: BigInt(Math.round(e.PAYOUT_MAX_GAS_PRICE_GWEI * 1e9)),
    securityHoldHours: e.SECURITY_HOLD_HOURS,
    passwordScryptN: e.PASSWORD_SCRYPT_N,
    publicHosts: (e.PUBLIC_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    consoleDistDir: e.CONSOLE_DIST_DIR,
  };
}
