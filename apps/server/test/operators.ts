import { type TOTP, URI } from 'otpauth';
import type { TestServer } from './test-server.ts';
import { ops } from './users.ts';

export type Role = 'support' | 'finance' | 'admin';

export interface Operator {
  username: string;
  role: Role;
  password: string;
  otpauthUri: string;
  token: string;
  /** Calls the operator API as this operator (`authorization: Bearer <session token>`). */
  call: (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  ) => Promise<{ status: number; json: any }>;
}

let counter = 0;

/** The code an authenticator app shows for this URI, `steps` periods from now. */
export function totpCode(otpauthUri: string, steps = 0): string {
  const totp = URI.parse(otpauthUri) as TOTP;
  return totp.generate({ timestamp: Date.now() + steps * totp.period * 1000 });
}

export async function login(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}/ops/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of the envelope
  return { status: res.status, json: (await res.json()) as any };
}

/**
 * An operator added with OPERATOR_TOKEN (as `npm run operator -- add-operator` does), not yet signed in. Made at
 * once only during the bootstrap: make a file's second admin last, since it ends the bootstrap for good.
 */
export async function addOperator(server: TestServer, role: Role, name = `${role}-${++counter}-${Date.now() % 1e6}`) {
  const res = await ops(server, 'POST', '/ops/v1/operators', { username: name, role });
  if (res.status !== 200) throw new Error(`add-operator failed: ${JSON.stringify(res.json)}`);
  return res.json.data as { username: string; role: Role; password: string; otpauthUri: string };
}

/** A new operator of `role`, signed in with password and TOTP. */
export async function signInOperator(server: TestServer, role: Role): Promise<Operator> {
  return signIn(server, await addOperator(server, role));
}

/** Signs in with the credentials an account's creation (or its approval) answered. */
export async function signIn(
  server: TestServer,
  added: { username: string; role: Role; password: string; otpauthUri: string },
): Promise<Operator> {
  const res = await login(server, {
    username: added.username,
    password: added.password,
    totp: totpCode(added.otpauthUri),
  });
  if (res.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(res.json)}`);
  const token: string = res.json.data.token;
  return {
    ...added,
    token,
    call: async (method, path, body) => {
      const r = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: r.status, json: await r.json() };
    },
  };
}
