import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_REQUEST_SIGN_SECRET, requestSignature } from '@aidf/contract';
import { createSession, type repositories } from '@aidf/server';
import autocannon from 'autocannon';

/*
 * The autocannon driver of the benches that call the API as signed-in users (hot-reads.ts, order-polls.ts): requests
 * signed beforehand and written to a file, picked at random in autocannon's worker thread (signed-request.cjs), so
 * the server's thread does only the server's work, as with remote clients.
 */

const PICKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'signed-request.cjs');

/** One request as the picker sends it. */
export interface SignedRequest {
  method: 'GET' | 'POST';
  path: string;
  body: string;
  token: string;
  timestamp: string;
  signature: string;
}

/** A session token for each user (ids as text), created 200 at a time. */
export async function signIn(repos: ReturnType<typeof repositories>, userIds: readonly string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < userIds.length; i += 200) {
    tokens.push(...(await Promise.all(userIds.slice(i, i + 200).map((id) => createSession(repos, BigInt(id))))));
  }
  return tokens;
}

/** A request per user, signed beforehand (one timestamp: the server accepts it for 5 minutes, longer than a run). */
export function signedRequests<U extends { token: string }>(
  users: readonly U[],
  method: 'GET' | 'POST',
  pathOf: (u: U) => string,
  body: string,
  timestamp = String(Date.now()),
): SignedRequest[] {
  return users.map((u) => {
    const pathWithQuery = pathOf(u);
    const signature = requestSignature({ pathWithQuery, body, timestamp, secret: DEV_REQUEST_SIGN_SECRET });
    return { method, path: pathWithQuery, body, token: u.token, timestamp, signature };
  });
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Requests answered (2xx) during the run. */
  requests: number;
  /** CPU seconds of the server's main thread during the run (the load's worker thread not counted). */
  serverCpuS: number;
}

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds this process's main thread has used (its /proc task, whose id is the process's): the JavaScript of the
 * servers in this process, without autocannon's worker thread beside it. 0 where /proc is not there.
 */
export function mainThreadCpuSeconds(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * `connections` connections sending the file's requests (random picks) to `url` as fast as it answers, for
 * `durationS` seconds; throws on any non-2xx answer or error, so a figure is never one of refusals.
 */
export async function signedLoad(
  url: string,
  requestsFile: string,
  o: { connections: number; durationS: number; label: string },
): Promise<LoadFigures> {
  process.env.BENCH_SIGNED_REQUESTS_FILE = requestsFile; // read by the picker in autocannon's worker
  const cpuBefore = mainThreadCpuSeconds();
  const result = await autocannon({
    url,
    connections: o.connections,
    workers: 1,
    duration: o.durationS,
    requests: [{ setupRequest: PICKER }],
  } as autocannon.Options);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${o.label} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result['2xx'],
    serverCpuS: mainThreadCpuSeconds() - cpuBefore,
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
