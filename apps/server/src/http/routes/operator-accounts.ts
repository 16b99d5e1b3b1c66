import { OPS, ZOperatorRole } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { operatorEnroll, operatorLogin, operatorLogout } from '../../domain/operator/accounts.ts';
import { addOperator, proposeRoleChange } from '../../domain/operator/operator-changes.ts';
import { disableOperator } from '../../domain/operator/operator-disable.ts';
import { PERMISSIONS } from '../../domain/operator/roles.ts';
import { bearerOf, operatorOf } from '../operator-auth.ts';
import { defineOpsRoute } from './define-ops-route.ts';

/** Operators' sign-in, their accounts, and the audit trail of what they did. */
export async function operatorAccountRoutes(app: FastifyInstance) {
  // The token answers as `authorization: Bearer <token>`; wrong name, password or code: 1228, then 429.
  defineOpsRoute(app, OPS.login, null, async ({ body, request }) => {
    const session = await operatorLogin(app.repos, { ...body, ip: request.ip });
    return {
      token: session.token,
      role: session.role,
      username: session.username,
      expiresAt: session.expiresAt.getTime(),
    };
  });

  // Before the first sign-in only: the TOTP URI the console shows as a QR; afterwards 1228 like a wrong password.
  defineOpsRoute(app, OPS.enroll, null, ({ body, request }) => operatorEnroll(app.repos, { ...body, ip: request.ip }));

  defineOpsRoute(app, OPS.me, 'self', async ({ request }) => {
    const actor = operatorOf(request);
    const permissions = Object.entries(PERMISSIONS)
      .filter(([, roles]) => (roles as readonly string[]).includes(actor.role))
      .map(([name]) => name);
    return { username: actor.name, role: actor.role, permissions };
  });

  defineOpsRoute(app, OPS.logout, 'self', async ({ request }) => {
    const actor = operatorOf(request);
    // OPERATOR_TOKEN is configuration, not a session: there is nothing to end.
    if (actor.name !== 'cli') await operatorLogout(app.repos, actor, bearerOf(request));
    return { loggedOut: actor.name !== 'cli' };
  });

  // `npm run operator -- add-operator <name> --role <role>`: created at once with its one-time password and TOTP
  // URI when OPERATOR_TOKEN asks before two admins have existed (the bootstrap); otherwise a proposal (status proposed).
  defineOpsRoute(app, OPS.addOperator, 'operators', ({ body, request }) =>
    addOperator(app.repos, operatorOf(request), body),
  );

  // `npm run operator -- set-role <name> <role> --reason "..."`: always a proposal a second admin approves.
  defineOpsRoute(app, OPS.setOperatorRole, 'operators', ({ params, body, request }) =>
    proposeRoleChange(app.repos, operatorOf(request), { ...params, ...body }),
  );

  // `npm run operator -- disable-operator <name> --reason "..."`: at once, the account's sessions ending with it; an
  // admin whose disabling would leave fewer than two enabled admins is a proposal a second admin approves.
  defineOpsRoute(app, OPS.disableOperator, 'operators', ({ params, body, request }) =>
    disableOperator(app.repos, operatorOf(request), { ...params, ...body }),
  );

  defineOpsRoute(app, OPS.operators, 'operators', async () =>
    (await app.repos.operators.list()).map((o) => ({
      username: o.username,
      role: ZOperatorRole.parse(o.role),
      createdBy: o.createdBy,
      approvedBy: o.approvedBy,
      createdAt: o.createdAt.getTime(),
      disabledAt: o.disabledAt?.getTime() ?? null,
      disabledBy: o.disabledBy,
      firstLoginAt: o.firstLoginAt?.getTime() ?? null,
    })),
  );

  // Newest first; filters match exactly.
  defineOpsRoute(app, OPS.audit, 'audit', async ({ query }) => {
    const { page, size, ...filter } = query;
    const { rows, total } = await app.repos.operatorActions.page(filter, page, size);
    return {
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
    };
  });
}
