import { PROCESS_ROLES, type ProcessRole } from './process-roles.ts';

/**
 * Where the dev tools may run (docs/deployment.md "Production start-up rules"). The dev tools — demo users, the dev
 * mailbox, the /dev/wallet faucet, the public dev secrets, the dev deposit seed file and the hot wallet key
 * derived from it — are safe only beside the dev chains `npm start` runs itself, or in the test suite.
 * - 'dev-chains': not production, DEV_CHAIN on and nothing real configured: `npm start` runs the dev chains.
 * - 'test': NODE_ENV=test, which the test suite sets; its chains are the loopback dev chains it starts.
 * - 'production-like': everything else; the dev tools are off and every production setting is required.
 */
export type ConfigMode = 'dev-chains' | 'production-like' | 'test';

/** Whether the dev tools (and the dev secrets and keys) may run in this mode. */
export function devToolsAllowed(config: { mode: ConfigMode }): boolean {
  return config.mode === 'dev-chains' || config.mode === 'test';
}

/** Settings that point at real money: any one of them set means a real chain, so no dev tools. */
const REAL_CHAIN_SETTINGS = ['BSC_RPC_URL', 'SOLANA_RPC_URL'] as const;
const PLATFORM_KEY_SETTINGS = [
  'HOT_WALLET_PRIVATE_KEY',
  'SOLANA_HOT_WALLET_KEY',
  'DEPOSIT_HD_MNEMONIC',
  'DEPOSIT_XPUB',
] as const;

/** Secrets whose development default is public (in the repository): production needs its own. */
const OWN_SECRETS = ['REQUEST_SIGN_SECRET', 'OPERATOR_TOKEN', 'AUTHENTICATOR_SEAL_KEY'] as const;
/** What a production-like start needs besides its own secrets; the chain settings only when a chain is meant. */
// PUBLIC_HOSTS: else a signed text may name whatever host the request came through.
const REQUIRED_SETTINGS = ['SMTP_URL', 'PUBLIC_HOSTS'] as const;
// Four eyes: required with NODE_ENV=production only; unset anywhere else every credit applies at once.
const PRODUCTION_ONLY_SETTINGS = ['CREDIT_APPROVAL_THRESHOLD'] as const;
// Each with the role that needs it (null: every role). DEPOSIT_XPUB, not DEPOSIT_HD_MNEMONIC: the API derives
// deposit addresses without the seed that spends them; the hot wallet's key pays out, in the treasury role.
const REQUIRED_CHAIN_SETTINGS: readonly (readonly [string, ProcessRole | null])[] = [
  ['BSC_RPC_URL', null],
  ['SOLANA_RPC_URL', null],
  ['HOT_WALLET_PRIVATE_KEY', 'treasury'],
  ['DEPOSIT_XPUB', 'api'],
];

type Settings = Readonly<Record<string, unknown>>;

export interface StartupCheck {
  mode: ConfigMode;
  /** The settings a production-like start lacks; `dev` marks one left at its public development value. */
  missing: { name: string; dev: boolean }[];
  /** Why the start is production-like, for the error line. */
  reason: string;
}

/**
 * The mode of a start and what it lacks. `settings` are the parsed values (defaults applied), `devSecrets`
 * the public development defaults of OWN_SECRETS, `raw` the environment as given.
 */
export function startupCheck(settings: Settings, devSecrets: Settings, raw: Settings = settings): StartupCheck {
  const isSet = (name: string) => typeof raw[name] === 'string' && raw[name].trim() !== '';
  const realChains = REAL_CHAIN_SETTINGS.filter(isSet);
  const platformKeys = PLATFORM_KEY_SETTINGS.filter(isSet);
  if (settings.NODE_ENV === 'test') return { mode: 'test', missing: [], reason: 'NODE_ENV=test' };

  let reason: string;
  if (settings.NODE_ENV === 'production') reason = 'NODE_ENV=production';
  else if (realChains.length > 0) reason = `a real chain is configured (${realChains.join(', ')})`;
  else if (platformKeys.length > 0) reason = `a platform key is configured (${platformKeys.join(', ')})`;
  else if (settings.DEV_CHAIN === 'off') reason = 'DEV_CHAIN=off runs without the dev chains, so without dev tools';
  else return { mode: 'dev-chains', missing: [], reason: 'npm start runs the dev chains' };

  // DEV_CHAIN=off with nothing real set runs with no chain at all: its chain settings are not asked for.
  const chainMeant = settings.NODE_ENV === 'production' || realChains.length > 0 || platformKeys.length > 0;
  // Each role asks for what it uses (process-roles.ts): the secrets, mail and hosts serve HTTP; the hot wallet's
  // key pays out. A process without `api` opens no API, so it needs none of the API's settings.
  const roles = (Array.isArray(settings.ROLES) ? settings.ROLES : PROCESS_ROLES) as readonly ProcessRole[];
  const api = roles.includes('api');
  const missing = [
    ...(api ? OWN_SECRETS : [])
      .filter((name) => !settings[name] || settings[name] === devSecrets[name])
      .map((name) => ({
        name,
        dev: settings[name] === devSecrets[name],
      })),
    ...[
      ...(api ? REQUIRED_SETTINGS : []),
      ...(api && settings.NODE_ENV === 'production' ? PRODUCTION_ONLY_SETTINGS : []),
      ...(chainMeant
        ? REQUIRED_CHAIN_SETTINGS.filter(([, role]) => role === null || roles.includes(role)).map(([name]) => name)
        : []),
    ]
      .filter((name) => !isSet(name))
      .map((name) => ({ name, dev: false })),
  ];
  return { mode: 'production-like', missing, reason };
}

/** NODE_ENV=production's refusal, one line per missing setting as it always was. */
export function productionRefusal({ missing }: StartupCheck): string {
  const lines = missing.map((m) =>
    m.name === 'OPERATOR_TOKEN'
      ? '  OPERATOR_TOKEN: set your own token in production'
      : m.name === 'REQUEST_SIGN_SECRET'
        ? '  REQUEST_SIGN_SECRET: set your own secret in production'
        : m.name === 'AUTHENTICATOR_SEAL_KEY'
          ? '  AUTHENTICATOR_SEAL_KEY: set your own key in production (32 random bytes in base64)'
          : `  ${m.name}: required in production`,
  );
  return `Invalid configuration:\n${lines.join('\n')}`;
}

/** The one line a production-like start without its settings stops with. */
export function startupRefusal({ missing, reason }: StartupCheck): string {
  const names = missing.map((m) => (m.dev ? `${m.name} (not the public dev value)` : m.name));
  return (
    `Invalid configuration: ${reason}, so every production setting is required; missing: ${names.join(', ')}` +
    ' (or unset the real chain settings and keys to run on the dev chains)'
  );
}

/**
 * NODE_ENV=test turns the dev tools on, so its chains must be the dev chains the tests start on this machine:
 * a chain URL elsewhere is refused, and NODE_ENV=test can never put the dev tools beside a real chain.
 */
export function testModeRefusal(raw: Settings): string | null {
  const remote = REAL_CHAIN_SETTINGS.filter((name) => typeof raw[name] === 'string' && !isLoopbackUrl(raw[name]));
  if (remote.length === 0) return null;
  return `Invalid configuration: NODE_ENV=test runs the dev tools, so ${remote.join(', ')} must be a loopback dev chain (127.0.0.1, ::1 or localhost)`;
}

function isLoopbackUrl(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}
