import type { FastifyInstance } from 'fastify';
import type { Workers } from './jobs/workers.ts';

/**
 * A graceful stop (SIGTERM, SIGINT), as docs/deployment.md "Graceful stop" tells operators: readiness answers 503 at
 * once and new requests are turned away (503 with Retry-After) while the listener closes; the requests in flight
 * are answered, and every handler still running is waited for, its client gone or not (plugins/draining.ts), so no
 * transaction is cut by the pool's close; the workers end their current tick or batch and hand back their leases
 * and claimed days (and the days a database fault left claimed by a cut run, the operators' runs by hand included),
 * so another instance takes over at once; then the pool closes and the process exits 0. Past SHUTDOWN_GRACE_MS it
 * exits 1 with what it was still waiting for: a stop never hangs, and a supervisor sees it was not clean.
 */
export function gracefulStop(options: {
  app: FastifyInstance;
  workers: Workers;
  /** Closed in order after the requests and workers are done (the dev chains, the database). */
  close: (() => Promise<unknown> | undefined)[];
  /** How the process ends (process.exit; a test running the stop in its own process records the code). */
  exit?: (code: number) => void;
}) {
  const { app, workers } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  return async (signal: string) => {
    if (started) return;
    started = true;
    const startedAt = Date.now();
    const graceMs = app.config.shutdownGraceMs;
    const waiting = new Set(['requests', 'workers']);
    const deadline = setTimeout(() => {
      app.log.error({ signal, graceMs, waitingFor: [...waiting] }, 'stop took longer than SHUTDOWN_GRACE_MS: exit 1');
      exit(1);
    }, graceMs);
    deadline.unref();
    app.log.info({ signal, graceMs }, 'stopping: draining requests, ending work, handing back leases');
    app.startDraining();
    try {
      await Promise.all([
        app.close().then(() => waiting.delete('requests')),
        workers.stop().then(() => waiting.delete('workers')),
      ]);
      // The operators' runs by hand a database fault cut (their hand-back failed then): their days go back now. A
      // process without the API (health checks only) runs none.
      if (app.hasDecorator('jobs')) await app.jobs.handBackStranded();
      for (const close of options.close) await close();
    } catch (error) {
      clearTimeout(deadline);
      app.log.error({ signal, err: error }, 'stop failed: exit 1');
      exit(1);
      return;
    }
    clearTimeout(deadline);
    app.log.info({ signal, ms: Date.now() - startedAt }, 'stopped cleanly');
    exit(0);
  };
}
