import { ERROR_CATALOGUE } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Seconds a client waits before sending again a request a stopping instance turned away. */
export const DRAINING_RETRY_AFTER_SECONDS = 1;

/**
 * A graceful stop (main.ts): from `app.startDraining()` on, requests already running finish, and any new one that
 * still reaches this instance (on a kept-alive connection; the listener is closed) is turned away before it does
 * anything: 503 with Retry-After and `connection: close`, so the client or proxy sends it to another instance.
 * /readyz is answered the same way, so a load balancer stops sending here at once.
 */
export const draining = fp(async (app: FastifyInstance) => {
  let on = false;
  app.decorate('startDraining', () => {
    on = true;
  });
  app.decorate('isDraining', () => on);
  // Node closes idle kept-alive sockets only at the moment the listener closes; one busy then would stay open until
  // its keep-alive timeout and hold the stop. Every answer sent while draining closes its socket instead.
  app.addHook('onSend', async (_request, reply) => {
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
});
