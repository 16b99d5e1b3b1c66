import type { EvmDevChain, SolanaDevChain } from '@aidf/devchain';

/**
 * The fault harness's stack: a PostgreSQL cluster with a streaming replica behind a database front, two API
 * instances (`ROLES=api,workers`) and a treasury (`ROLES=treasury`) of the production build, nginx in front of the
 * API instances, and the dev chains. Every part runs on free loopback ports and is a real process the scenarios
 * can kill, stop and restart.
 */
export interface Stack {
  /** nginx: where clients go, as users reach the instances in production. */
  proxyUrl: string;
  /** The API instances (`ROLES=api,workers`), in nginx's upstream. */
  instances: Instance[];
  /** The treasury (`ROLES=treasury`): holds the keys, runs the payout worker, sweepers and reserves reads. */
  treasury: Instance;
  db: PgCluster;
  chains: StackChains;
  /** Straight to the current primary (not through the front): for invariant checks after a scenario. */
  databaseUrlForChecks: () => string;
  /** The settings every instance shares (secrets, chain URLs): what a client of the stack must sign with. */
  settings: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export interface StackChains {
  /**
   * The BSC node straight (never through the fault proxy): where a wallet sends and the invariants read the chain's
   * truth. The instances' URL (the fault proxy's, when there is one) is settings.BSC_RPC_URL.
   */
  bscRpc: string;
  solanaRpc?: string;
  evm: EvmDevChain;
  solana?: SolanaDevChain;
  /** The chain fault proxy in front of the BSC node, when the stack was started with one. */
  bscFault?: FaultControl;
}

/** What the chain fault proxy offers the scenarios (faults/stack/chain-fault-proxy.ts decides the faults). */
export interface FaultControl {
  url: string;
  set(fault: unknown): void | Promise<void>;
  stop(): Promise<void>;
}

export type InstanceRole = 'api,workers' | 'treasury';

/** One server process of the production build, on a port of its own that survives its restarts. */
export interface Instance {
  name: string;
  roles: InstanceRole;
  /** Straight to this instance (not through nginx). */
  baseUrl: string;
  /** The running process's id; null while it is down. */
  pid(): number | null;
  running(): boolean;
  /** Sends `signal` and waits until the process has exited (SIGTERM: the graceful stop; SIGKILL: a crash). */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts it again (after a kill) on the same port and settings; resolves once it listens. */
  start(env?: Record<string, string>): Promise<void>;
  /** kill('SIGTERM') then start(). */
  restart(env?: Record<string, string>): Promise<void>;
  /**
   * Sets the process's wall clock to `offsetSeconds` from the machine's (libfaketime), live: 0 puts it back. The
   * offset holds across restarts until set again.
   */
  stepClock(offsetSeconds: number): void;
  /** Removes what the instance keeps on disk (its clock file), once it is stopped for good. */
  removeFiles(): void;
  /** The last lines the process printed (stdout and stderr), for a failing scenario's report. */
  output(): string;
}

export interface PgNode {
  name: 'primary' | 'replica';
  port: number;
  dataDir: string;
  running(): boolean;
}

/** A PostgreSQL cluster of the harness's own: a primary, a streaming replica, and a front the instances connect to. */
export interface PgCluster {
  /** Where the instances connect: the front that always forwards to the current primary. */
  frontUrl(database?: string): string;
  /** Straight to the current primary. */
  primaryUrl(database?: string): string;
  primary(): PgNode;
  replica(): PgNode | null;
  /** pg_ctl stop -m fast|immediate on the primary, then start again; resolves once it accepts connections. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  stopPrimary(mode: 'fast' | 'immediate'): Promise<void>;
  startPrimary(): Promise<void>;
  /** pg_terminate_backend of every connection of `application_name`-less client backends to `database`. */
  terminateBackends(database: string): Promise<number>;
  /** Stops the primary, promotes the replica and points the front at it; answers the milliseconds it took. */
  failover(): Promise<{ switchMs: number }>;
  stop(): Promise<void>;
}
