import { SUCCESS_CODE, safeString, ZText } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorEnroll, operatorLogin, operatorLogout } from '../../domain/operator/accounts.ts';
import { addOperator, disableOperator, proposeRoleChange } from '../../domain/operator/operator-changes.ts';
import { OPERATOR_ROLES, PERMISSIONS } from '../../domain/operator/roles.ts';
import { bearerOf, operatorGuard, operatorOf } from '../operator-auth.ts';
import { ZOperatorReason } from '../operator-schemas.ts';

const ZLogin = z.object({
  // No NUL: PostgreSQL text cannot hold one, and invalid input must answer 400, never 500.
  username: safeString().trim().pipe(ZText(64)),
  password: ZText(200),
  totp: safeString().trim().max(10),
});

const ZOperatorName = z.object({ username: ZText(64) });

const ZAudit = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
  operator: ZText(64, 0).optional(),
  action: ZText(64, 0).optional(),
  target: ZText(200, 0).optional(),
});

/** Issue 16: operators' sign-in, their accounts, and the audit trail of what they did. */
export async function operatorAccountRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: 'success', data });

  // The token answers as `authorization: Bearer <token>`; wrong name, password or code: 1228, then 429.
  routes.post('/ops/v1/auth/login', { schema: { body: ZLogin, hide: true } }, async (request) => {
    const session = await operatorLogin(app.repos, { ...request.body, ip: request.ip });
    return ok({
      token: session.token,
      role: session.role,
      username: session.username,
      expiresAt: session.expiresAt.getTime(),
    });
  });

  // Before the first sign-in only: the TOTP URI the console shows as a QR; afterwards 1228 like a wrong password.
  routes.post(
    '/ops/v1/auth/enroll',
    { schema: { body: ZLogin.pick({ username: true, password: true }), hide: true } },
    async (request) => ok(await operatorEnroll(app.repos, { ...request.body, ip: request.ip })),
  );

  routes.get('/ops/v1/auth/me', { preHandler: operatorGuard(app, 'self'), schema: { hide: true } }, async (request) => {
    const actor = operatorOf(request);
    const permissions = Object.entries(PERMISSIONS)
      .filter(([, roles]) => (roles as readonly string[]).includes(actor.role))
      .map(([name]) => name);
    return ok({ username: actor.name, role: actor.role, permissions });
  });

  routes.post(
    '/ops/v1/auth/logout',
    { preHandler: operatorGuard(app, 'self'), schema: { hide: true } },
    async (request) => {
      const actor = operatorOf(request);
      // OPERATOR_TOKEN is configuration, not a session: there is nothing to end.
      if (actor.name !== 'cli') await operatorLogout(app.repos, actor, bearerOf(request));
      return ok({ loggedOut: actor.name !== 'cli' });
    },
  );

  // `npm run operator -- add-operator <name> --role <role>`: created at once with its one-time password and TOTP
  // URI while fewer than two admins exist and OPERATOR_TOKEN asks; otherwise a proposal (status proposed).
  routes.post(
    '/ops/v1/operators',
    {
      preHandler: operatorGuard(app, 'operators'),
      schema: {
        body: z.object({ username: ZText(64), role: z.enum(OPERATOR_ROLES), reason: ZOperatorReason.optional() }),
        hide: true,
      },
    },
    async (request) => ok(await addOperator(app.repos, operatorOf(request), request.body)),
  );

  // `npm run operator -- set-role <name> <role> --reason "..."`: always a proposal a second admin approves.
  routes.post(
    '/ops/v1/operators/:username/role',
    {
      preHandler: operatorGuard(app, 'operators'),
      schema: {
        params: ZOperatorName,
        body: z.object({ role: z.enum(OPERATOR_ROLES), reason: ZOperatorReason }),
        hide: true,
      },
    },
    async (request) =>
      ok(await proposeRoleChange(app.repos, operatorOf(request), { ...request.params, ...request.body })),
  );

  // `npm run operator -- disable-operator <name> --reason "..."`: at once; the account's sessions end with it.
  routes.post(
    '/ops/v1/operators/:username/disable',
    {
      preHandler: operatorGuard(app, 'operators'),
      schema: { params: ZOperatorName, body: z.object({ reason: ZOperatorReason }), hide: true },
    },
    async (request) =>
      ok(await disableOperator(app.repos, operatorOf(request), { ...request.params, ...request.body })),
  );

  routes.get('/ops/v1/operators', { preHandler: operatorGuard(app, 'operators'), schema: { hide: true } }, async () =>
    ok(
      (await app.repos.operators.list()).map((o) => ({
        username: o.username,
        role: o.role,
        createdBy: o.createdBy,
        // Null for the accounts OPERATOR_TOKEN created at once to start the platform.
        approvedBy: o.approvedBy,
        createdAt: o.createdAt.getTime(),
        disabledAt: o.disabledAt?.getTime() ?? null,
        disabledBy: o.disabledBy,
        // Null until the operator first signs in (until then the console may show the TOTP QR).
        firstLoginAt: o.firstLoginAt?.getTime() ?? null,
      })),
    ),
  );

  // Newest first; filters match exactly.
  routes.get(
    '/ops/v1/audit',
    { preHandler: operatorGuard(app, 'audit'), schema: { querystring: ZAudit, hide: true } },
    async (request) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await app.repos.operatorActions.page(filter, page, size);
      return ok({
        total,
        list: rows.map((r) => ({
          id: r.id.toString(),
          at: r.createdAt.getTime(),
          operator: r.operator,
          role: r.role,
          action: r.action,
          target: r.target,
          before: r.before,
          after: r.after,
          reason: r.reason,
          clientAddress: r.clientAddress,
          movementId: r.movementId?.toString() ?? null,
          detail: r.detail,
        })),
      });
    },
  );
}
