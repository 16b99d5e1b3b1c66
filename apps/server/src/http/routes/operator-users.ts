import { OPS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { findUsers, userDetail } from '../../domain/operator/user-lookup.ts';
import { withdrawLimitsOfUser } from '../../domain/operator/withdraw-limit.ts';
import { defineOpsRoute } from './define-ops-route.ts';

/** Read-only user lookup (support answers tickets with it; finance checks before crediting). */
export async function operatorUserRoutes(app: FastifyInstance) {
  defineOpsRoute(app, OPS.users, 'users', ({ query }) => findUsers(app.repos, query));

  defineOpsRoute(app, OPS.userDetail, 'users', ({ params }) => userDetail(app.repos, BigInt(params.mid)));

  // Whoever reads the user reads their withdrawal limits; proposing one's own limit takes finance or admin.
  defineOpsRoute(app, OPS.userWithdrawLimits, 'users', ({ params }) =>
    withdrawLimitsOfUser(app.repos, BigInt(params.mid)),
  );
}
