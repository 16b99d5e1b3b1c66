import { SUCCESS_CODE, ZIdString, ZLanguage, ZText } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAnnouncementDraft,
  listAnnouncementsForOperators,
  publishAnnouncementDraft,
  updateAnnouncementDraft,
} from '../../domain/content/announcement-drafts.ts';
import { operatorGuard, operatorOf } from '../operator-auth.ts';

/** One language's text; empty while a draft is being translated (publishing needs a title and a body). */
const ZText1 = z.object({
  title: ZText(200, 0),
  summary: ZText(500, 0).optional(),
  body: ZText(50_000, 0),
});
const ZTranslations = z.partialRecord(ZLanguage, ZText1);
const ZReason = ZText(500, 0).optional();
const ZId = z.object({ id: ZIdString });

/** Issue 16 item 4: announcements in all eleven languages, as drafts, then published; every write audited. */
export async function operatorAnnouncementRoutes(app: FastifyInstance) {
  const guard = operatorGuard(app, 'config');
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: 'success', data });

  routes.get('/ops/v1/announcements', { preHandler: guard, schema: { hide: true } }, async () =>
    ok(await listAnnouncementsForOperators(app.repos)),
  );

  routes.post(
    '/ops/v1/announcements',
    { preHandler: guard, schema: { body: z.object({ translations: ZTranslations, reason: ZReason }), hide: true } },
    async (request) => ok(await createAnnouncementDraft(app.repos, operatorOf(request), request.body)),
  );

  // Drafts only: a published announcement answers 1409.
  routes.put(
    '/ops/v1/announcements/:id',
    {
      preHandler: guard,
      schema: { params: ZId, body: z.object({ translations: ZTranslations, reason: ZReason }), hide: true },
    },
    async (request) =>
      ok(
        await updateAnnouncementDraft(app.repos, operatorOf(request), {
          id: BigInt(request.params.id),
          ...request.body,
        }),
      ),
  );

  // Refused (1225) unless each of the eleven languages has a title and a body.
  routes.post(
    '/ops/v1/announcements/:id/publish',
    { preHandler: guard, schema: { params: ZId, body: z.object({ reason: ZReason }).nullish(), hide: true } },
    async (request) =>
      ok(
        await publishAnnouncementDraft(app.repos, operatorOf(request), {
          id: BigInt(request.params.id),
          reason: request.body?.reason,
        }),
      ),
  );
}
