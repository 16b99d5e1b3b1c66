import { envelope, type OpsEndpointDef, SUCCESS_CODE, toFastifyPath } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { OperatorPermission } from '../../domain/operator/roles.ts';
import { operatorGuard } from '../operator-auth.ts';
import { type RouteInput, requestSchemas } from './define-route.ts';

type OpsEndpoint = OpsEndpointDef;

/** What a handler gets: the request already validated against the contract (defineRoute's RouteInput). */
export type OpsRouteInput<E extends OpsEndpoint> = RouteInput<E>;

/** The security scheme of the operator API's OpenAPI document (plugins/openapi.ts). */
export const OPS_SECURITY = 'operatorToken';

function register<E extends OpsEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  permission: OperatorPermission | null,
  response: z.ZodType,
  handler: (input: OpsRouteInput<E>) => Promise<unknown>,
) {
  if (endpoint.auth !== (permission !== null)) {
    throw new Error(`${endpoint.path}: the contract's auth and the route's permission disagree`);
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      ...requestSchemas(endpoint),
      ...(permission ? { security: [{ [OPS_SECURITY]: [] }], tags: [permission] } : { tags: ['sign-in'] }),
      response: { 200: response },
    },
    ...(permission ? { preHandler: operatorGuard(app, permission) } : {}),
    handler: (request, reply) =>
      handler({
        params: request.params as OpsRouteInput<E>['params'],
        query: request.query as OpsRouteInput<E>['query'],
        body: request.body as OpsRouteInput<E>['body'],
        request,
        reply,
      }),
  });
}

/**
 * Registers one operator API call of the contract (OPS), as defineRoute does for /v1: path, validation and the
 * answer's schema come from the contract, the handler returns only `data`. `permission` is the role table's
 * (domain/operator/roles.ts) that operatorGuard checks; null only for the sign-in calls.
 */
export function defineOpsRoute<E extends OpsEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  permission: OperatorPermission | null,
  handler: (input: OpsRouteInput<E>) => Promise<z.input<E['data']>>,
) {
  register(app, endpoint, permission, envelope(endpoint.data), async (input) => ({
    code: SUCCESS_CODE,
    msg: 'success',
    data: await handler(input),
  }));
}

/**
 * The same for the calls whose answer is not the envelope (an attachment's bytes, the OpenAPI document):
 * the handler sends the answer itself and `data` is its schema.
 */
export function defineOpsRawRoute<E extends OpsEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  permission: OperatorPermission,
  handler: (input: OpsRouteInput<E>) => Promise<unknown>,
) {
  register(app, endpoint, permission, endpoint.data, handler);
}
