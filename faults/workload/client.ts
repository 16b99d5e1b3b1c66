import { DEV_REQUEST_SIGN_SECRET, HEADERS, MERCHANT_ID, requestSignature } from '@aidf/contract';
import type { Attempt, LoggedRequest, OperationKind, WorkloadLog } from './types.ts';

/** How a phone retries: the same request (same body, so the same idempotency key) until it gets an answer. */
export interface RetryPolicy {
  /** Give up (the request stays "unknown") after this long. */
  deadlineMs: number;
  /** Each attempt is abandoned (outcome unknown) after this long: a stalled connection. */
  attemptTimeoutMs: number;
  /** The pause between attempts, doubled each time up to `maxBackoffMs` (a 503's Retry-After is honoured). */
  backoffMs: number;
  maxBackoffMs: number;
}

export const PHONE_RETRIES: RetryPolicy = {
  deadlineMs: 90_000,
  attemptTimeoutMs: 15_000,
  backoffMs: 100,
  maxBackoffMs: 2_000,
};

export interface ApiRequest {
  kind: OperationKind;
  key: string | null;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  /** More headers (the operator API's bearer token and name). */
  headers?: Record<string, string>;
  meta?: Record<string, string>;
}

export interface ApiClient {
  /** Sends `request`, retrying on no answer or a 5xx; logs every attempt; answers the logged request. */
  send(request: ApiRequest): Promise<LoggedRequest>;
  /** Sends a logged request's exact bytes once more (a phone that never saw the answer), logged as a replay. */
  replay(logged: LoggedRequest, token?: string): Promise<Attempt>;
}

/** A signed API client (SPEC.md's headers, the request signature) that records everything it sees in `log`. */
export function apiClient(
  baseUrl: string,
  log: WorkloadLog,
  options: { secret?: string; retries?: RetryPolicy; onAttempt?: (a: Attempt, r: LoggedRequest) => void } = {},
): ApiClient {
  const secret = options.secret ?? DEV_REQUEST_SIGN_SECRET;
  const policy = options.retries ?? PHONE_RETRIES;

  async function attempt(
    logged: LoggedRequest,
    auth: { token?: string | undefined; headers?: Record<string, string> | undefined },
    replay: boolean,
  ): Promise<Attempt> {
    const { token } = auth;
    const body = logged.body === undefined ? '' : JSON.stringify(logged.body);
    const timestamp = String(Date.now());
    const headers: Record<string, string> = {
      [HEADERS.terminal]: 'h5',
      [HEADERS.merchantId]: String(MERCHANT_ID),
      [HEADERS.language]: 'en',
      [HEADERS.timestamp]: timestamp,
      [HEADERS.signature]: requestSignature({ pathWithQuery: logged.path, body, timestamp, secret }),
      ...(body !== '' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { [HEADERS.authorization]: token } : {}),
      ...auth.headers,
    };
    const at = Date.now();
    let result: Attempt;
    try {
      const response = await fetch(`${baseUrl}${logged.path}`, {
        method: logged.method,
        headers,
        ...(body !== '' ? { body } : {}),
        signal: AbortSignal.timeout(policy.attemptTimeoutMs),
      });
      const text = await response.text();
      result = {
        at,
        endedAt: Date.now(),
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: parsed(text),
        ...(response.status === 200 && response.headers.get('authorization')
          ? { token: response.headers.get('authorization') ?? '' }
          : {}),
        ...(replay ? { replay } : {}),
      };
    } catch (error) {
      // Reset, refused, timed out: the server may or may not have done it. Only a retry with the same key tells.
      result = { at, endedAt: Date.now(), status: null, retryAfter: null, body: null, error: describe(error) };
      if (replay) result.replay = true;
    }
    logged.attempts.push(result);
    logged.finalStatus = result.status;
    options.onAttempt?.(result, logged);
    return result;
  }

  return {
    async send(request) {
      const logged: LoggedRequest = {
        seq: log.requests.length,
        kind: request.kind,
        key: request.key,
        method: request.method,
        path: request.path,
        body: request.body,
        meta: request.meta ?? {},
        attempts: [],
        finalStatus: null,
      };
      log.requests.push(logged);
      const started = Date.now();
      let pause = policy.backoffMs;
      for (;;) {
        const result = await attempt(logged, request, false);
        if (result.status !== null && result.status < 500) return logged;
        if (Date.now() - started + pause > policy.deadlineMs) return logged;
        const asked = result.status === 503 ? Number(result.retryAfter) * 1000 : Number.NaN;
        await sleep(Number.isFinite(asked) && asked > 0 ? Math.min(asked, policy.maxBackoffMs) : pause);
        pause = Math.min(pause * 2, policy.maxBackoffMs);
      }
    },
    replay: (logged, token) => attempt(logged, { token }, true),
  };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? `${error.name}: ${error.message}`;
  }
  return String(error);
}

/** The pause between a phone's retries (waiting is what a retrying phone does; tests never call this). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
