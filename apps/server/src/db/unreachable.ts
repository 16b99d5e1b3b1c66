/**
 * Whether a failure means the database could not be reached (stopped, restarting, failing over, the connection cut)
 * rather than that a query was wrong. Such a request changed nothing it could commit, so the client is told to
 * come back (503 with Retry-After), never a 500. Drizzle wraps the driver's error: the whole cause chain is read.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_NODE_CODES.has(code) || unreachableSqlState(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** The socket failed: nothing listens, the peer reset or the network dropped the connection. */
const UNREACHABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server shuts down, crashed, or cannot take
 * connections yet: a restart or a promotion in progress). 25006 is a read-only transaction: a write reaching a
 * replica that has not been promoted, which a failover resolves.
 */
function unreachableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '25006';
}

/**
 * node-postgres reports a dropped connection and a pool that gave up waiting with these texts and no code. The last
 * three are a database this process closed itself: a graceful stop ends the pool (and PGlite) once the requests are
 * answered, and a request still running then (its client gone, or between two of its transactions) reached it
 * after. Nothing of its later queries ran, so the client asks again, on another instance, after Retry-After.
 */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
  'PGlite is closed',
];

/**
 * Whether PostgreSQL rolled the transaction back to resolve a conflict with another one (40P01 deadlock detected,
 * 40001 serialization failure): nothing of it was committed, and the same request asked again normally succeeds.
 * Not an outage: the workers do not pause for it.
 */
export function isTransactionConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
