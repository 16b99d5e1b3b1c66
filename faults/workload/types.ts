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

export interface WorkloadLog {
  seed: number;
  startedAt: number;
  endedAt: number;
  requests: LoggedRequest[];
  deposits: SentDeposit[];
  /** Usernames taking part, hot spot first. */
  usernames: string[];
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
  /** Process ids alive now, to find leases held by dead processes (their holder names carry the pid). */
  alivePids?: readonly number[];
  /** The clock the leases are judged by (default now). */
  now?: number;
  /** Invariants to run; default all. */
  only?: readonly InvariantName[];
}

export type CheckInvariants = (input: InvariantInput) => Promise<Violation[]>;
