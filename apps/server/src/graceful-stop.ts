import type { FastifyInstance } from 'fastify';
import type { Workers } from './jobs/workers.ts';

/**
 * A graceful stop (SIGTERM, SIGINT), as docs/deployment.md "Graceful stop" tells operators: readiness answers 503 at
 * once and new requests are turned away (503 with Retry-After) while the listener closes; the requests in flight
 * are answered; the workers end their current tick or batch and hand back their leases and claimed days, so
 * another instance takes over at once; then the pool closes and the process exits 0. Past SHUTDOWN_GRACE_MS it
 * exits 1 with what it was still waiting for: a stop never hangs, and a supervisor sees it was not clean.
 */
export function gracefulStop(options: {
  app: FastifyInstance;
  workers: Workers;
  /** Closed in order after the requests and workers are done (the dev chains, the database). */
  close: (() => Promise<unknown> | undefined)[];
}) {
  const { app, workers } = options;
  let started = false;
  return async (signal: string) => {
    if (started) return;
    started = true;
    const startedAt = Date.now();
    const graceMs = app.config.shutdownGraceMs;
    const waiting = new Set(['requests', 'workers']);
    const deadline = setTimeout(() => {
      app.log.error({ signal, graceMs, waitingFor: [...waiting] }, 'stop took longer than SHUTDOWN_GRACE_MS: exit 1');
      process.exit(1);
    }, graceMs);
    deadline.unref();
    app.log.info({ signal, graceMs }, 'stopping: draining requests, ending work, handing back leases');
    app.startDraining();
    try {
      await Promise.all([
        app.close().then(() => waiting.delete('requests')),
        workers.stop().then(() => waiting.delete('workers')),
      ]);
      for (const close of options.close) await close();
    } catch (error) {
      app.log.error({ signal, err: error }, 'stop failed: exit 1');
      process.exit(1);
    }
    app.log.info({ signal, ms: Date.now() - startedAt }, 'stopped cleanly');
    process.exit(0);
  };
}
