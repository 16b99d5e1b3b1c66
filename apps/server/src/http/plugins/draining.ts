import { ERROR_CATALOGUE } from '@aidf/contract';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

/** Seconds a client waits before sending again a request a stopping instance turned away. */
export const DRAINING_RETRY_AFTER_SECONDS = 1;

/** Where a request is: its handler running, ran, or answered without it (a hook, the error handler). */
interface Progress {
  inHandler: boolean;
  handled: boolean;
  answered: boolean;
  socketClosed: boolean;
}

/**
 * A graceful stop (main.ts): from `app.startDraining()` on, requests already running finish, and any new one that
 * still reaches this instance (on a kept-alive connection; the listener is closed) is turned away before it does
 * anything: 503 with Retry-After and `connection: close`, so the client or proxy sends it to another instance.
 * /readyz is answered the same way, so a load balancer stops sending here at once.
 *
 * `app.close()` ends only once every request taken is done, whether or not its client is still there: Node's
 * listener waits for open connections only, and a client that closed its socket leaves its handler running (a
 * transfer, its transaction waiting on a lock). Its work runs to the end (commit or whole rollback) before the
 * mailer and the database it uses close.
 */
export const draining = fp(async (app: FastifyInstance) => {
  let on = false;
  app.decorate('startDraining', () => {
    on = true;
  });
  app.decorate('isDraining', () => on);

  const running = new Map<FastifyRequest, Progress>();
  let allDone: (() => void) | null = null;
  const settle = (request: FastifyRequest) => {
    const p = running.get(request);
    if (!p || p.inHandler || !p.socketClosed || !(p.handled || p.answered)) return;
    running.delete(request);
    if (running.size === 0) allDone?.();
  };
  app.decorate('requestsRunning', () => running.size);

  // Every route's handler, counted until its promise settles (a handler answering through `reply` and returning
  // something else than a promise is done when it returns).
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      const p = running.get(request);
      if (p) p.inHandler = true;
      const done = () => {
        if (!p) return;
        p.inHandler = false;
        p.handled = true;
        settle(request);
      };
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } finally {
        if (!(result instanceof Promise)) done();
      }
      if (result instanceof Promise) result.then(done, done);
      return result;
    };
  });
  app.addHook('onRequest', async (request, reply) => {
    running.set(request, { inHandler: false, handled: false, answered: false, socketClosed: false });
    // 'close' comes after the answer is written, or when the client went away first.
    reply.raw.once('close', () => {
      const p = running.get(request);
      if (p) p.socketClosed = true;
      settle(request);
    });
  });
  const answered = async (request: FastifyRequest) => {
    const p = running.get(request);
    if (p) p.answered = true;
    settle(request);
  };
  app.addHook('onError', answered);

  // Node closes idle kept-alive sockets only at the moment the listener closes; one busy then would stay open until
  // its keep-alive timeout and hold the stop. Every answer sent while draining closes its socket instead.
  app.addHook('onSend', async (request, reply) => {
    await answered(request);
    if (on) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!on) return;
    request.log.info({ url: request.url }, 'stopping: turned a new request away with 503');
    return reply
      .status(503)
      .header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send({ code: 503, msg: ERROR_CATALOGUE[503].message, data: { draining: true } });
  });

  // Runs once the listener is closed and its connections ended (Fastify's own close comes first), and before the
  // hooks registered ahead of this plugin (app.ts: the mailer's close); the database closes after app.close().
  app.addHook('onClose', async () => {
    if (running.size === 0) return;
    app.log.info({ requests: running.size }, 'stopping: waiting for the requests still running, clients gone or not');
    await new Promise<void>((resolve) => {
      allDone = resolve;
    });
  });
});
