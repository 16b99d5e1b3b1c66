import { ERROR_CATALOGUE, type TErrorEnvelope } from '@aidf/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnreachable, isTransactionConflict } from '../../db/unreachable.ts';
import { AppError } from '../../domain/errors.ts';

/** Seconds a client waits before asking again while the database cannot be reached (a restart takes a few). */
export const RETRY_AFTER_SECONDS = 5;

function send(reply: FastifyReply, status: number, body: TErrorEnvelope) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One place that turns failures into the envelope: catalogue codes keep their status, any client error
 * Fastify raises (validation, bad JSON, too large) is 1225, and everything else is a 500 with only a request id.
 */
export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(reply, error.status, { code: error.code, msg: error.message, data: null });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const validation = (error as FastifyError).validation;
    if (validation || (status >= 400 && status < 500)) {
      const clientStatus = validation ? 400 : status;
      request.log.info({ err: error }, 'refused invalid request');
      return send(reply, clientStatus, {
        code: clientStatus === 404 ? 1404 : 1225,
        msg: `${ERROR_CATALOGUE[1225].message}: ${error.message}`,
        data: null,
      });
    }
    if (isDatabaseUnreachable(error)) return sendUnavailable(request, reply, error, 'database unreachable');
    if (isTransactionConflict(error)) return sendUnavailable(request, reply, error, 'transaction conflict');
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { code: 500, msg: ERROR_CATALOGUE[500].message, data: { requestId: request.id } });
  });
});

/**
 * The database could not be reached, or rolled the request's transaction back for a deadlock or a serialization
 * conflict with another: the request's transaction did not commit (or its commit's answer was lost, and
 * then the same request with its idempotency key gets the first answer), so the client may simply ask again after
 * Retry-After. A warning, not an error per request: the
 * readiness check and the pool's own line tell operators the database is down.
 */
function sendUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown, why: string) {
  request.log.warn({ err: error }, `${why}: answered 503 with Retry-After`);
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return send(reply, 503, { code: 503, msg: ERROR_CATALOGUE[503].message, data: { requestId: request.id } });
}

/**
 * Fastify's `frameworkErrors`: a path it cannot decode (bad percent-encoding) or with a parameter longer than
 * its router takes is answered before any route or hook runs; this keeps those answers in the envelope too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'refused a path the router cannot read');
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, {
    code: 1225,
    msg: `${ERROR_CATALOGUE[1225].message}: ${error.message}`,
    data: null,
  });
}

/** 404 in the envelope, for API paths and anything the web app does not serve. */
export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, { code: 1404, msg: ERROR_CATALOGUE[1404].message, data: null });
}
