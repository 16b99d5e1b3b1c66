import { OPS } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import {
  createAnnouncementDraft,
  listAnnouncementsForOperators,
  publishAnnouncementDraft,
  updateAnnouncementDraft,
} from '../../domain/announcements/announcement-drafts.ts';
import { operatorOf } from '../operator-auth.ts';
import { defineOpsRoute } from './define-ops-route.ts';

/** Announcements in all eleven languages, as drafts, then published; every write audited. */
export async function operatorAnnouncementRoutes(app: FastifyInstance) {
  defineOpsRoute(app, OPS.announcements, 'config', () => listAnnouncementsForOperators(app.repos));

  defineOpsRoute(app, OPS.createAnnouncement, 'config', ({ body, request }) =>
    createAnnouncementDraft(app.repos, operatorOf(request), body),
  );

  // Drafts only: a published announcement answers 1409.
  defineOpsRoute(app, OPS.updateAnnouncement, 'config', ({ params, body, request }) =>
    updateAnnouncementDraft(app.repos, operatorOf(request), { id: BigInt(params.id), ...body }),
  );

  // Refused (1225) unless each of the eleven languages has a title and a body.
  defineOpsRoute(app, OPS.publishAnnouncement, 'config', ({ params, body, request }) =>
    publishAnnouncementDraft(app.repos, operatorOf(request), { id: BigInt(params.id), reason: body?.reason }),
  );
}
