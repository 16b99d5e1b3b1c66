import { expect } from 'vitest';

/** Cases per route (and role): 200 in `npm test`, FUZZ_RUNS for a longer run; FUZZ_SEED replays a run. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
export const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
export const CONCURRENCY = 8;

export const show = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** Runs `work` over `items`, `limit` at a time. */
export async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Whether `json` is the API's envelope `{ code, msg, data }`. */
export function isEnvelope(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const { code, msg } = json as Record<string, unknown>;
  return Number.isInteger(code) && typeof msg === 'string' && 'data' in json;
}

export interface FuzzFailure {
  /** '500', or '400 not an envelope'. */
  kind: string;
  text: string;
}

/** Fails with server errors first, then one example of each other kind, so the report stays readable. */
export function expectNoFailures(failures: FuzzFailure[]) {
  const serverErrors = failures.filter((f) => f.kind.startsWith('5')).slice(0, 10);
  const others = [...new Map(failures.map((f) => [f.kind, f])).values()].filter((f) => !f.kind.startsWith('5'));
  const report = [...serverErrors, ...others].map((f) => f.text).join('\n');
  expect(failures.length, `${failures.length} bad answers (FUZZ_SEED=${SEED}):\n${report}\n`).toBe(0);
}
