/**
 * The fault harness's workload and invariants, as the stack and scenarios see them. The workload is real signed
 * clients (wallet signatures, request signatures, chain transfers); the invariants read the database directly and
 * the chain, never through the API under test.
 */

/** What the workload needs of a stack: one instance in development, nginx in front of several in the harness. */
export interface WorkloadTarget {
  /** Where clients go (nginx in the harness, one instance's baseUrl in development), e.g. 'http://127.0.0.1:8080'. */
  baseUrl: string;
  /** A direct connection to the current primary, for bulk setup and the invariants (never the proxy). */
  databaseUrl: string;
  /** The BNB Smart Chain dev node's JSON-RPC, straight (not through the fault proxy): deposits are sent here. */
  bscRpc: string;
  /** The operator API's bearer token (the dev operator token outside production). */
  operatorToken?: string;
  /** REQUEST_SIGN_SECRET of the instances (the dev default when omitted). */
  requestSignSecret?: string;
  /** The host signed texts name: PUBLIC_HOSTS' first, or the host of baseUrl (what a browser there shows). */
  signedHost?: string;
}

export interface WorkloadOptions {
  /** Seeds every random choice; printed by the runner so a failure replays. */
  seed: number;
  /** Users taking part (the 1,000). */
  users: number;
  /** Users who receive and send most transfers (the 20). */
  hotSpot: number;
  /** Concurrent clients (phones) issuing requests; default 16. */
  concurrency?: number;
  /** The share of acknowledged money requests sent once more with the same key (a lost answer); default 0.1. */
  replayRate?: number;
  /** Which kinds run; default all. */
  kinds?: readonly OperationKind[];
  /** Called with every attempt as it ends (live figures, time to recover). */
  onAttempt?: (attempt: Attempt, request: LoggedRequest) => void;
}

export type OperationKind =
  | 'transfer'
  | 'deposit'
  | 'withdrawal'
  | 'order'
  | 'pledge'
  | 'sign-in-wallet'
  | 'sign-in-email'
  | 'daily-job';

/** One try of a request: a network error has no status (outcome unknown, so the client retries the same key). */
export interface Attempt {
  at: number;
  endedAt: number;
  /** HTTP status, or null when the connection failed (reset, refused, timed out): the outcome is unknown. */
  status: number | null;
  /** The answer's `Retry-After` header, when any. */
  retryAfter: string | null;
  /** The parsed JSON envelope ({ code, msg, data }), or the raw text when it was not JSON. */
  body: unknown;
  /** The network error's message when status is null. */
  error?: string;
  /** Sent again after an answer, as a phone that never saw it would: its answer must be the first one. */
  replay?: boolean;
  /** The session token a successful sign-in answered with (its `authorization` header). */
  token?: string;
}

/** One logical request of a client, with every attempt it took (the same idempotency key on each). */
export interface LoggedRequest {
  /** Sequence number in the log. */
  seq: number;
  kind: OperationKind;
  /** The idempotency key the API derives (for signed actions: the signed text); null for reads and sign-ins. */
  key: string | null;
  method: 'GET' | 'POST';
  path: string;
  /** The request body as sent on every attempt (the same bytes: that is what makes a retry a replay). */
  body: unknown;
  /** What the request means, for the invariants: who moved what where. */
  meta: Record<string, string>;
  attempts: Attempt[];
  /** The last attempt's status (null: never answered). */
  finalStatus: number | null;
}

/** A deposit sent on chain to a user's deposit address. */
export interface SentDeposit {
  username: string;
  address: string;
  currency: string;
  /** Whole-unit decimal string, as the ledger books it. */
  amount: string;
  txHash: string;
  blockNumber: number;
}

/** A miner order's lack sent on chain from the buyer's bound wallet to the collection address. */
export interface SentMinerPayment {
  currency: string;
  /** Whole-unit decimal string, as the order's lack reads. */
  amount: string;
  txHash: string;
  /** -1 when the wallet never saw its receipt (the invariants ask the chain). */
  blockNumber: number;
}

/** An AI miner order a workload user made, and what it sent on chain to pay it. */
export interface MinerOrder {
  username: string;
  orderNo: string;
  payments: SentMinerPayment[];
}

export interface WorkloadLog {
  seed: number;
  startedAt: number;
  endedAt: number;
  requests: LoggedRequest[];
  deposits: SentDeposit[];
  /** Usernames taking part, hot spot first. */
  usernames: string[];
  /** Miner orders made and paid on chain (absent in logs older than the miner orders). */
  minerOrders?: MinerOrder[];
  /** Deposits the wallet could not send (its node failed): nothing went on chain, nothing is owed. */
  walletErrors?: string[];
}

export interface Workload {
  /** The log so far (live; the runner reads figures from it while faults run). */
  readonly log: WorkloadLog;
  /** Stops issuing new requests, waits for those in flight (their retries included) and returns the log. */
  stop(): Promise<WorkloadLog>;
}

export type StartWorkload = (target: WorkloadTarget, options: WorkloadOptions) => Promise<Workload>;

export type InvariantName =
  | 'ledger-check'
  | 'acknowledged-once'
  | 'replay-first-answer'
  | 'deposit-credited-once'
  | 'withdrawal-settled-once'
  | 'job-day-once'
  | 'lease-not-stale'
  | 'reserves-balanced'
  | 'miner-order-paid-once'
  | 'no-5xx';

export interface Violation {
  invariant: InvariantName;
  /** One line a person reads first. */
  message: string;
  /** What to debug with: rows, keys, statuses, hashes. */
  detail: Record<string, unknown>;
}

export interface InvariantInput {
  /** Direct to the current primary. */
  databaseUrl: string;
  log: WorkloadLog;
  /** For chain comparisons (deposits, withdrawals paid from the hot wallet). */
  bscRpc?: string;
  /**
   * The processes a scenario stopped: a lease or job day they own must end by `at` (graceful: they release it)
   * or by `at` + the lease's time-to-live (killed). Owners are named 'host:pid:random'.
   */
  ended?: readonly EndedProcess[];
  /** The longest lease any work takes (default eleven minutes: the reserves read's ten and one). */
  maxLeaseTtlMs?: number;
  /** The confirmations a deposit waits for (BSC_CONFIRMATIONS, default 15). */
  confirmations?: number;
  /** The clock the leases are judged by (default now). */
  now?: number;
  /**
   * The reserves report asked for once no chain work was in flight (faults/invariants/settled-report.ts): the one
   * whose clearing is judged (the reports made while money moved raced sweeps and fees), or why none could be made
   * (a violation). Omitted: every report's clearing is judged.
   */
  settledReport?: { id: string } | { problem: string };
  /** Invariants to run; default all. */
  only?: readonly InvariantName[];
}

export interface EndedProcess {
  pid: number;
  at: number;
  graceful: boolean;
}

export type CheckInvariants = (input: InvariantInput) => Promise<Violation[]>;
