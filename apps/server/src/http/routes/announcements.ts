import { announcementDetail, announcementList } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { getAnnouncement, listAnnouncements } from '../../domain/announcements/announcements.ts';
import { defineRoute } from './define-route.ts';

export async function announcementRoutes(app: FastifyInstance) {
  defineRoute(app, announcementList, ({ params, request }) =>
    listAnnouncements(app.repos, { language: request.language, pageNum: params.pageNum, pageSize: params.pageSize }),
  );
  defineRoute(app, announcementDetail, ({ params, request }) =>
    getAnnouncement(app.repos, { id: BigInt(params.id), language: request.language }),
  );
}
