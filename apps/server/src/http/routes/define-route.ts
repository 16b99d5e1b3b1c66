import { type EndpointDef, envelope, SUCCESS_CODE, toFastifyPath } from '@aidf/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request parts a contract endpoint may declare (a `/v1` or an `/ops/v1` one). */
interface RequestParts {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** What a handler gets: the request already validated against its endpoint's schemas. */
export interface RouteInput<E extends RequestParts> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The route's request schemas, as Fastify names them, from the endpoint's declared parts. */
export function requestSchemas(endpoint: RequestParts) {
  return {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
  };
}

/**
 * Registers one contract endpoint: its path, validation and response schema come from the contract,
 * the handler returns only `data`, and protected endpoints pass the session check first.
 */
export function defineRoute<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E['data']>>,
  options: {
    /**
     * The handler checks the session itself, in the query that reads its answer (the order-status poll, 3,333
     * a second: one round trip instead of two; the other hot reads a phone polls, the assets, the bills, the
     * machine index and the team summary; the transfer, whose checks read in one query), and answers 401 as
     * app.authenticate does (readWithSession). Nothing else.
     */
    sessionInHandler?: boolean;
    /** Below the app's level for this route only: 'warn' drops the two info lines of every request. */
    logLevel?: 'warn';
  } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      ...requestSchemas(endpoint),
      ...(endpoint.auth ? { security: [{ token: [] }] } : {}),
      response: { 200: envelope(endpoint.data) },
    },
    ...(endpoint.auth && !options.sessionInHandler ? { preHandler: app.authenticate } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    handler: async (request, reply) => {
      const data = await handler({
        params: request.params as Out<E['params']>,
        query: request.query as Out<E['query']>,
        body: request.body as Out<E['body']>,
        request,
        reply,
      });
      return { code: SUCCESS_CODE as typeof SUCCESS_CODE, msg: 'success', data };
    },
  });
}
