import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from './job-runner.ts';

/**
 * Catches the daily jobs up every `everyMs` (each day runs once it has begun; the slot in the database makes
 * it once across instances). A failed round is logged and tried again at the next.
 */
export function startJobScheduler(options: { runner: JobRunner; everyMs: number; log: FastifyBaseLogger }) {
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        for (const outcome of await options.runner.catchUp()) {
          if (outcome.status === 'done') options.log.info(outcome, 'daily job ran');
        }
      } catch (error) {
        options.log.error({ err: error }, 'daily job round failed');
      }
      await sleep(options.everyMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
