import type { OperationKind, WorkloadLog } from './types.ts';

/** Per kind: requests, acknowledged, refused (by code), unknown, attempts and replays; and the 5xx by status. */
export function summarize(log: WorkloadLog) {
  const kinds: Partial<
    Record<
      OperationKind,
      {
        requests: number;
        ok: number;
        refused: Record<string, number>;
        unknown: number;
        attempts: number;
        replays: number;
      }
    >
  > = {};
  const fiveXx: Record<string, number> = {};
  for (const r of log.requests) {
    const k = kinds[r.kind] ?? { requests: 0, ok: 0, refused: {}, unknown: 0, attempts: 0, replays: 0 };
    kinds[r.kind] = k;
    k.requests++;
    k.attempts += r.attempts.filter((a) => !a.replay).length;
    k.replays += r.attempts.filter((a) => a.replay).length;
    const answered = r.attempts.filter((a) => !a.replay && a.status !== null && a.status < 500);
    const last = answered.at(-1);
    if (!last) k.unknown++;
    else if ((last.status as number) < 300) k.ok++;
    else {
      const code = `${last.status}/${(last.body as { code?: unknown } | null)?.code ?? '?'}`;
      k.refused[code] = (k.refused[code] ?? 0) + 1;
    }
    for (const a of r.attempts) {
      if (a.status !== null && a.status >= 500)
        fiveXx[`${a.status}${a.retryAfter ? ' +Retry-After' : ''}`] =
          (fiveXx[`${a.status}${a.retryAfter ? ' +Retry-After' : ''}`] ?? 0) + 1;
    }
  }
  return {
    seed: log.seed,
    seconds: (log.endedAt - log.startedAt) / 1000,
    deposits: log.deposits.length,
    kinds,
    fiveXx,
  };
}
