import { SUCCESS_CODE, safeString, ZIdString, ZText } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import { openTickets, operatorReply, repliesOf } from '../../domain/feedback/tickets.ts';
import { operatorGuard, operatorOf } from '../operator-auth.ts';
import { sendImage } from './feedback.ts';

const ZWorkOrder = z.object({ workOrderNo: ZIdString });

/** Operators' side of feedback tickets (issue 13 point 4), until the operator console exists. */
export async function operatorTicketRoutes(app: FastifyInstance) {
  const guard = operatorGuard(app, 'tickets');
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/ops/v1/tickets',
    {
      preHandler: guard,
      schema: { hide: true, querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }) },
    },
    async (request) => ({
      code: SUCCESS_CODE,
      msg: 'success',
      data: await openTickets(app.repos, request.query.limit),
    }),
  );

  routes.get(
    '/ops/v1/tickets/:workOrderNo/replies',
    { preHandler: guard, schema: { hide: true, params: ZWorkOrder } },
    async (request) => {
      const id = BigInt(request.params.workOrderNo);
      if (!(await app.repos.tickets.byId(id))) throw new AppError(8752, `no ticket ${id}`);
      return {
        code: SUCCESS_CODE,
        msg: 'success',
        data: await repliesOf(app.repos, null, id, { pageNum: 1, pageSize: 1000 }),
      };
    },
  );

  routes.post(
    '/ops/v1/tickets/:workOrderNo/reply',
    {
      preHandler: guard,
      schema: { hide: true, params: ZWorkOrder, body: z.object({ content: safeString().trim().pipe(ZText(4000)) }) },
    },
    async (request) => ({
      code: SUCCESS_CODE,
      msg: 'success',
      data: await operatorReply(app.repos, {
        actor: operatorOf(request),
        ticketId: BigInt(request.params.workOrderNo),
        content: request.body.content,
      }),
    }),
  );

  // Any ticket's image, for support reading the ticket.
  routes.get(
    '/ops/v1/attachments/:id',
    { preHandler: guard, schema: { hide: true, params: z.object({ id: ZIdString }) } },
    async (request, reply) => {
      const image = await app.repos.attachments.image(BigInt(request.params.id));
      if (!image) throw new AppError(1404);
      return sendImage(reply, image, request.params.id);
    },
  );
}
