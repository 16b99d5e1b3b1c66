import { OPS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { openTickets, operatorReply, repliesOf } from '../../domain/tickets/tickets.ts';
import { operatorOf } from '../operator-auth.ts';
import { defineOpsRawRoute, defineOpsRoute } from './define-ops-route.ts';
import { sendImage } from './tickets.ts';

/** Operators' side of tickets. */
export async function operatorTicketRoutes(app: FastifyInstance) {
  defineOpsRoute(app, OPS.tickets, 'tickets', ({ query }) => openTickets(app.repos, query.limit));

  defineOpsRoute(app, OPS.ticketReplies, 'tickets', async ({ params }) => {
    const id = BigInt(params.ticketId);
    if (!(await app.repos.tickets.byId(id))) throw new AppError(8752, `no ticket ${id}`);
    return repliesOf(app.repos, null, id, { pageNum: 1, pageSize: 1000 });
  });

  defineOpsRoute(app, OPS.replyTicket, 'tickets', ({ params, body, request }) =>
    operatorReply(app.repos, {
      actor: operatorOf(request),
      ticketId: BigInt(params.ticketId),
      content: body.content,
    }),
  );

  // Any ticket's image, for support reading the ticket.
  defineOpsRawRoute(app, OPS.attachment, 'tickets', async ({ params, reply }) => {
    const image = await app.repos.attachments.image(BigInt(params.id));
    if (!image) throw new AppError(1404);
    return sendImage(reply, image, params.id);
  });
}
