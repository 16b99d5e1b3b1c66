import { buildPath, type OpsBody, type OpsData, type OpsEndpointDef } from '@aidf/contract';
import { DEV_OPERATOR_TOKEN } from '../config.ts';

/**
 * The operator command's HTTP client: one call to the running server's operator API. A server it cannot reach
 * is named by URL with the way to point elsewhere, since a bare "fetch failed" leaves the operator guessing.
 */
export interface OperatorClient {
  baseUrl: string;
  token: string;
  /** Recorded in the audit beside the token's operator as the person who ran the command. */
  operatorName: string;
}

export const DEFAULT_OPERATOR_URL = 'http://127.0.0.1:8080';

/** The message for a server that did not answer at all (refused, unknown host, timeout). */
export function unreachableMessage(url: string, cause: unknown): string {
  const reason =
    cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause);
  return (
    `cannot reach the server at ${url} (${reason}). ` +
    'Is it running? Point the command at another one with OPERATOR_URL, e.g. OPERATOR_URL=http://127.0.0.1:3000 npm run operator -- ...'
  );
}

/** The message for a server that refused the operator token: the user API's "Please login first" would mislead. */
export function tokenRefusedMessage(baseUrl: string): string {
  return (
    `the server at ${baseUrl} refused the operator token (HTTP 401). ` +
    "Set OPERATOR_TOKEN to the server's operator token (the dev server prints it at start; in production it is the " +
    "server's OPERATOR_TOKEN setting), and OPERATOR_URL to the server's address when it is not " +
    `${DEFAULT_OPERATOR_URL}, e.g. OPERATOR_URL=${baseUrl} OPERATOR_TOKEN=... npm run operator -- chain-status`
  );
}

/**
 * The operator command as it reaches this server, for the line the dev server prints at start: OPERATOR_URL is set
 * when the server listens elsewhere than the command's default (so a server on another port is not missed), and
 * OPERATOR_TOKEN when its token is not the command's default.
 */
export function operatorCommandHint(address: string, token: string): string {
  const url = address.replace(/\/+$/, '');
  const env = [
    ...(url === DEFAULT_OPERATOR_URL ? [] : [`OPERATOR_URL=${url}`]),
    ...(token === DEV_OPERATOR_TOKEN ? [] : [`OPERATOR_TOKEN=${token}`]),
  ];
  return [...env, 'npm run operator -- chain-status'].join(' ');
}

export async function operatorCall(
  client: OperatorClient,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const url = `${client.baseUrl}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${client.token}`,
        'x-operator': client.operatorName,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    throw new Error(unreachableMessage(url, error));
  }
  if (response.status === 401) throw new Error(tokenRefusedMessage(client.baseUrl));
  const json = (await response.json().catch(() => null)) as { code: number; msg: string; data: unknown } | null;
  if (!json)
    throw new Error(`${url} answered HTTP ${response.status} without the API's JSON: is OPERATOR_URL the AIDF server?`);
  if (json.code !== 200) throw new Error(`${response.status} ${json.code}: ${json.msg}`);
  return json.data;
}

/** A body as typed on the command line: the field names are the contract's, every text is passed as typed. */
export type TypedBody<B> = B extends object
  ? { [K in keyof B]: B[K] extends string | undefined ? string | undefined : B[K] }
  : B;

/**
 * One call of the operator API as the contract (OPS) declares it. What the operator typed goes to the server,
 * which validates it (its 400 names the field); the answer is checked against the contract's schema and typed by it.
 */
export async function opsCall<E extends OpsEndpointDef>(
  client: OperatorClient,
  endpoint: E,
  input: { params?: Record<string, string>; query?: Record<string, string>; body?: TypedBody<OpsBody<E>> } = {},
): Promise<OpsData<E>> {
  const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const data = await operatorCall(
    client,
    endpoint.method,
    `${buildPath(endpoint.path, input.params)}${query}`,
    input.body,
  );
  return endpoint.data.parse(data) as OpsData<E>;
}
