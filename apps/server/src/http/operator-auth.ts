import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { operatorOfToken } from '../domain/operator/accounts.ts';
import { allows, type OperatorActor, type OperatorPermission } from '../domain/operator/roles.ts';

const actors = new WeakMap<FastifyRequest, OperatorActor>();

/** The bearer token as sent (`authorization: Bearer <token>`), or ''. */
export function bearerOf(request: FastifyRequest): string {
  const header = String(request.headers.authorization ?? '');
  return header.startsWith('Bearer ') ? header.slice(7) : '';
}

/**
 * The operator API's check: `authorization: Bearer <token>` of a signed-in operator, or
 * OPERATOR_TOKEN (compared in constant time), which is the admin operator `cli`; then the route's permission
 * (domain/operator/roles.ts): 401 without a valid token, 403 when the role may not.
 */
export function operatorGuard(app: FastifyInstance, permission: OperatorPermission) {
  const cliToken = Buffer.from(`Bearer ${app.config.operatorToken}`);
  return async (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    let actor: OperatorActor;
    if (given.length === cliToken.length && timingSafeEqual(given, cliToken)) {
      // The command line may say which person runs it; recorded apart, never as the operator (roles.ts).
      const named = request.headers['x-operator'];
      actor = { name: 'cli', role: 'admin', ip: request.ip, cliUser: named ? String(named).slice(0, 64) : undefined };
    } else {
      const op = await operatorOfToken(app.repos, bearerOf(request));
      if (!op) throw new AppError(401);
      actor = { name: op.name, role: op.role, ip: request.ip };
    }
    if (!allows(actor.role, permission)) throw new AppError(403, `the ${actor.role} role may not do this`);
    actors.set(request, actor);
  };
}

/** The operator operatorGuard let through, recorded with each audited action. */
export function operatorOf(request: FastifyRequest): OperatorActor {
  const actor = actors.get(request);
  if (!actor) throw new AppError(401);
  return actor;
}
