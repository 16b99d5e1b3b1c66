import { buildPath, type OpsBody, type OpsData, type OpsEndpointDef } from '@aidf/contract';

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
