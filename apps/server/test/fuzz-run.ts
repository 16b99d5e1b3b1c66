import { expect } from 'vitest';
import type { FuzzCase } from './fuzz-inputs.ts';
import { inFlight } from './in-flight.ts';

/**
 * Cases per route (and role): 200 in `npm test`, split over the two databases when both run (100 on PGlite, 100 on
 * PostgreSQL, each pass with a seed of its own: the same SQL runs on both, so two halves reach as many inputs as
 * one whole); FUZZ_RUNS for a longer run; FUZZ_SEED replays a run.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 100 : 200));
export const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = 8;

const show = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** Whether `json` is the API's envelope `{ code, msg, data }`. */
function isEnvelope(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const { code, msg } = json as Record<string, unknown>;
  return Number.isInteger(code) && typeof msg === 'string' && 'data' in json;
}

interface FuzzFailure {
  /** '500', or '400 not an envelope'. */
  kind: string;
  text: string;
}

/** Fails with server errors first, then one example of each other kind, so the report stays readable. */
function expectNoFailures(failures: FuzzFailure[]) {
  const serverErrors = failures.filter((f) => f.kind.startsWith('5')).slice(0, 10);
  const others = [...new Map(failures.map((f) => [f.kind, f])).values()].filter((f) => !f.kind.startsWith('5'));
  const report = [...serverErrors, ...others].map((f) => f.text).join('\n');
  expect(failures.length, `${failures.length} bad answers (FUZZ_SEED=${SEED}):\n${report}\n`).toBe(0);
}

/**
 * Sends a case once more when its answer was the API's "try again" (503 with Retry-After: nothing was changed, the
 * database's connection gave out, as a 5 s connect timeout does on a machine loaded with other work): the contract
 * tells a client to retry it, and the fuzz looks for answers to its input, not to the machine's load. A second 503
 * still fails the case.
 */
export async function onceMoreIfBusy<T extends { status: number; retryAfter: string | null }>(
  send: () => Promise<T>,
): Promise<T> {
  const first = await send();
  return first.status === 503 && first.retryAfter !== null ? send() : first;
}

/** The authorization a case sends: the account's own token, none, or one that was never issued. */
export function authorizationOf(kind: FuzzCase['token'], valid: string): string | undefined {
  return { valid, none: undefined, garbage: 'Bearer 0123456789abcdef' }[kind];
}

/** What a case was answered, as the fuzz reads it. */
export interface FuzzAnswer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * Sends every case, CONCURRENCY at a time, and fails with the bad answers: a 5xx, or an answer outside the envelope
 * that `raw` does not allow. `label` names case i in the report, before its path.
 */
export async function sendAllCases(
  cases: FuzzCase[],
  send: (input: FuzzCase, i: number) => Promise<FuzzAnswer>,
  label: (input: FuzzCase, i: number) => string,
  raw: (answer: FuzzAnswer) => boolean = () => false,
) {
  const failures: FuzzFailure[] = [];
  await inFlight(
    CONCURRENCY,
    [...cases.entries()].map(([i, input]) => async () => {
      const res = await send(input, i);
      if (res.status < 500 && isEnvelope(res.json)) return;
      if (raw(res)) return;
      failures.push({
        kind: res.status >= 500 ? `${res.status}` : `${res.status} not an envelope`,
        text: [
          `${label(input, i)} ${show(input.path)} token=${input.token}`,
          `  body: ${show(JSON.stringify(input.body))}`,
          `  answer: ${res.status} ${show(res.text, 200)}`,
        ].join('\n'),
      });
    }),
  );
  expectNoFailures(failures);
}
