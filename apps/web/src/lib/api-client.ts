import {
  buildPath,
  type ENDPOINTS,
  type EndpointBody,
  type EndpointData,
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  HEADERS,
  MERCHANT_ID,
  NO_CHAIN,
  REQUEST_TIMEOUT_MS,
  ROUTES,
  requestSignature,
  SUCCESS_CODE,
  type TRouteName,
} from '@aidf/contract';
import { webEnv } from '../config/env.ts';
import { reportApiReached } from './connection.ts';
import { clearAuth, getSession } from './session.ts';

/** A refused or failed call: a catalogue code, or 'network' / 'timeout' when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly code: number | 'network' | 'timeout',
    readonly status: number,
    message: string,
    /** A 503's Retry-After in ms: the server says nothing was changed and to come back then. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Retry-After in seconds (RFC 9110 also allows a date, which our server never sends) to ms; null when absent. */
export function retryAfterMs(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim()) * 1_000;
}

type SourceContext = { source?: string } | undefined;

const significantDigits = (text: string) =>
  text.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');

/** Whether a JSON number's text survives as a double: integers within 2^53, other numbers digit for digit. */
export function isExactAsNumber(text: string): boolean {
  if (/^-?\d+$/.test(text)) return Number.isSafeInteger(Number(text));
  const value = Number(text);
  return Number.isFinite(value) && significantDigits(text) === significantDigits(String(value));
}

/**
 * JSON.parse's reviver for numbers a double cannot hold: given the number's source text (ES2025 "JSON.parse
 * source text access") it keeps that text, so no id or amount is silently rounded (SPEC.md point 7).
 */
export function keepUnsafeNumber(_key: string, value: unknown, context?: SourceContext): unknown {
  return typeof value === 'number' && context?.source !== undefined && !isExactAsNumber(context.source)
    ? context.source
    : value;
}

/** Whether this browser hands revivers the source text (current Chromium, Safari and Firefox do). */
const parseGivesSource = (() => {
  let seen: string | undefined;
  JSON.parse('1', ((_key: string, value: unknown, context?: SourceContext) => {
    seen = context?.source;
    return value;
  }) as Parameters<typeof JSON.parse>[1]);
  return seen === '1';
})();

/**
 * Numbers beyond 2^53 stay strings. The built-in parser does it where it can; elsewhere lossless-json is
 * fetched the first time, so browsers that do not need it never load it.
 */
export async function parseJsonKeepingBigNumbers(text: string): Promise<unknown> {
  if (parseGivesSource) return JSON.parse(text, keepUnsafeNumber as Parameters<typeof JSON.parse>[1]);
  const { isSafeNumber, parse } = await import('lossless-json');
  return parse(text, undefined, (value) => (isSafeNumber(value) ? Number(value) : value));
}

type LooseEnvelope = { code?: unknown; msg?: unknown; data?: unknown };

async function readEnvelope(text: string): Promise<LooseEnvelope | null> {
  try {
    const value = await parseJsonKeepingBigNumbers(text);
    return typeof value === 'object' && value !== null ? (value as LooseEnvelope) : null;
  } catch {
    return null;
  }
}

export interface CallContext {
  language: string;
  /** Runs after a 401 cleared the session; the app reloads the page. */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

type Endpoints = typeof ENDPOINTS;

export type CallInput<E extends EndpointDef> = (E['params'] extends object
  ? { params: EndpointParams<E> }
  : { params?: never }) &
  (E['body'] extends object ? { body: EndpointBody<E> } : { body?: never }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: never });

/**
 * Calls one contract endpoint with every header of SPEC.md point 7 and answers its `data`.
 * It goes by name through the zod-free ROUTES; the schemas only type it.
 */
export async function apiCall<K extends TRouteName>(
  name: K,
  input: CallInput<Endpoints[K]>,
  context: CallContext,
): Promise<EndpointData<Endpoints[K]>> {
  return (await apiCallWithToken(name, input, context)).data;
}

/** apiCall that also answers the `authorization` header, where sign-in calls put the session token. */
export async function apiCallWithToken<K extends TRouteName>(
  name: K,
  input: CallInput<Endpoints[K]>,
  context: CallContext,
): Promise<{ data: EndpointData<Endpoints[K]>; token: string | null }> {
  const endpoint = ROUTES[name];
  const query = Object.entries((input.query ?? {}) as Record<string, string | undefined>).filter(
    (e): e is [string, string] => e[1] !== undefined && e[1] !== '',
  );
  const path =
    buildPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>) +
    (query.length > 0 ? `?${new URLSearchParams(query)}` : '');
  const body = input.body === undefined ? '' : JSON.stringify(input.body);
  const timestamp = String(Date.now());
  const session = getSession();
  const headers: Record<string, string> = {
    [HEADERS.timestamp]: timestamp,
    [HEADERS.terminal]: webEnv.terminal,
    [HEADERS.address]: session.walletAddress ?? '',
    [HEADERS.chain]: session.chain ?? NO_CHAIN,
    [HEADERS.language]: context.language,
    [HEADERS.merchantId]: String(MERCHANT_ID),
    [HEADERS.signature]: requestSignature({ pathWithQuery: path, body, timestamp, secret: webEnv.requestSignSecret }),
  };
  if (session.token) headers[HEADERS.authorization] = session.token;
  if (body !== '') headers['content-type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await (context.fetchImpl ?? fetch)(`${webEnv.apiBase}${path}`, {
      method: endpoint.method,
      headers,
      signal: controller.signal,
      ...(body !== '' ? { body } : {}),
    });
  } catch {
    if (controller.signal.aborted) throw new ApiError('timeout', 0, 'timeout');
    reportApiReached(false);
    throw new ApiError('network', 0, 'network');
  } finally {
    clearTimeout(timer);
  }
  // A 503 with Retry-After is the server asking to come back (the database away, the instance draining).
  const comeBackInMs = response.status === 503 ? retryAfterMs(response.headers.get('retry-after')) : null;
  reportApiReached(comeBackInMs === null);

  const text = await response.text();
  const json = await readEnvelope(text);
  if (response.status === 401 || json?.code === 401) {
    clearAuth();
    context.onUnauthorized?.();
    throw new ApiError(401, 401, typeof json?.msg === 'string' ? json.msg : '');
  }
  if (response.ok && json?.code === SUCCESS_CODE) {
    return { data: json.data as EndpointData<Endpoints[K]>, token: response.headers.get(HEADERS.authorization) };
  }
  const code = typeof json?.code === 'number' ? json.code : response.status;
  throw new ApiError(code, response.status, typeof json?.msg === 'string' ? json.msg : '', comeBackInMs);
}
