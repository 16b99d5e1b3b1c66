import {
  buildPath,
  type OpsBody,
  type OpsData,
  type OpsEndpointDef,
  type OpsQuery,
  SUCCESS_CODE,
} from '@aidf/contract';
import { sessionToken, setSessionToken } from './session.ts';

/** The project's answer envelope (ARCHITECTURE.md): code 200 (SUCCESS_CODE) is success. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A refused call: the server's code and message, or code 0 with status 0 when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly serverMessage: string,
    readonly status: number,
  ) {
    super(`${code}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

/** Codes the client makes itself: no answer at all, or an answer that is not the envelope. */
export const NETWORK_ERROR = -1;
export const BAD_ANSWER = -2;

export type Query = Record<string, string | number | undefined | null>;

/** `/ops/v1` + path + the query without its empty values. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/ops/v1${path}${search ? `?${search}` : ''}`;
}

/** Unwraps the envelope: data on SUCCESS_CODE, else an ApiError with the server's code. */
export function unwrap<T>(status: number, body: unknown): T {
  if (typeof body !== 'object' || body === null || typeof (body as Envelope<T>).code !== 'number') {
    throw new ApiError(BAD_ANSWER, `HTTP ${status}`, status);
  }
  const envelope = body as Envelope<T>;
  if (envelope.code !== SUCCESS_CODE) throw new ApiError(envelope.code, String(envelope.msg ?? ''), status);
  return envelope.data;
}

/**
 * Calls the operator API with the session's bearer token. A 401 ends the session here, so every screen
 * falls back to the sign-in page the same way.
 */
export async function api<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; query?: Query; fetcher?: typeof fetch } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (options.fetcher ?? fetch)(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError(NETWORK_ERROR, error instanceof Error ? error.message : String(error), 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 401 && token) setSessionToken(null);
  return unwrap<T>(response.status, body);
}

type WithParams<E extends OpsEndpointDef> = E['params'] extends object
  ? { params: Record<string, string | number> }
  : { params?: undefined };

/** What one call sends, as its contract endpoint types it. */
export type CallInput<E extends OpsEndpointDef> = WithParams<E> & {
  query?: OpsQuery<E>;
  body?: OpsBody<E> | null;
  fetcher?: typeof fetch;
};

/**
 * One call of the operator API as the contract (OPS of @aidf/contract) declares it: method and path come from
 * there and the answer is typed by its schema, so a change of the server's answer shows here at compile time.
 */
export function call<E extends OpsEndpointDef>(endpoint: E, input: CallInput<E>): Promise<OpsData<E>> {
  const path = buildPath(endpoint.path, input.params).slice('/ops/v1'.length);
  // A POST without a body still sends {}: the server reads JSON or nothing, never a missing content type's guess.
  const body = input.body ?? (endpoint.method === 'GET' ? undefined : {});
  return api<OpsData<E>>(path, { method: endpoint.method, body, query: input.query as Query, fetcher: input.fetcher });
}
