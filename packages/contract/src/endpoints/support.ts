import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { pageOf, ZEmpty, ZIdString, ZPageParams, ZText, ZTimeMs } from '../schemas.ts';
import { ZMidParams } from './common.ts';

/** Feedback times are seconds, as SPEC.md point 3 says. */
const ZTimeSeconds = z.number().int().nonnegative();

export const ZTicket = z.object({
  id: z.string(),
  content: z.object({ content: z.string() }),
  createTime: ZTimeSeconds,
  replied: z.boolean(),
});

export const ticketList = defineEndpoint({
  ...ROUTES.ticketList,
  summary: "The user's feedback tickets",
  params: ZPageParams.extend(ZMidParams.shape),
  data: pageOf(ZTicket),
});

export const createTicket = defineEndpoint({
  ...ROUTES.createTicket,
  summary: 'Submit a feedback ticket',
  body: z.object({
    type: z.literal(4),
    content: z.string().trim().pipe(ZText(2000)),
    priority: z.literal(2),
    receiveType: z.literal(1),
    attach: z.array(ZText(500, 0)).max(6).default([]),
  }),
  data: ZEmpty,
});

export const ticketReplies = defineEndpoint({
  ...ROUTES.ticketReplies,
  summary: 'Replies to one ticket',
  params: ZPageParams.extend({ workOrderNo: ZIdString }),
  data: pageOf(z.object({ createTime: ZTimeSeconds, replyContent: z.object({ content: z.string() }) })),
});

export const ZAnnouncementSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The language the title and body are in: the asked one, or English when it has none. */
  language: z.string(),
  publishTime: ZTimeMs,
});
export type TAnnouncementSummary = z.infer<typeof ZAnnouncementSummary>;

export const ZAnnouncement = ZAnnouncementSummary.extend({
  /** Sanitized HTML. */
  content: z.string(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const announcementList = defineEndpoint({
  ...ROUTES.announcementList,
  summary: 'Published announcements, newest first, in the language of the `language` header',
  params: ZPageParams,
  data: pageOf(ZAnnouncementSummary),
});

export const announcementDetail = defineEndpoint({
  ...ROUTES.announcementDetail,
  summary: 'One announcement in the language of the `language` header, English when it has none',
  params: z.object({ id: ZIdString }),
  data: ZAnnouncement,
});
