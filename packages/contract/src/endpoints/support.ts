import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ROUTES } from '../routes.ts';
import { safeString } from '../safe-string.ts';
import { pageOf, ZEmpty, ZIdString, ZPageParams, ZText, ZTimeMs } from '../schemas.ts';
import { MAX_TICKET_IMAGES } from '../tickets.ts';
import { ZMidParams } from './common.ts';

/** Feedback times are seconds, as SPEC.md point 3 says. */
const ZTimeSeconds = z.number().int().nonnegative();

/**
 * The kinds of record a ticket can be about. Extensible: a new kind is added here and in
 * the server's domain/tickets/ticket-records.ts (machine orders join when they exist).
 */
export const TICKET_RECORD_KINDS = ['withdrawal', 'deposit', 'transfer'] as const;
export const ZTicketRecordKind = z.enum(TICKET_RECORD_KINDS);
export type TTicketRecordKind = z.infer<typeof ZTicketRecordKind>;

export const ZTicketAbout = z.object({ kind: ZTicketRecordKind, id: ZIdString });
export type TTicketAbout = z.infer<typeof ZTicketAbout>;

/** One of the user's records, as the ticket form's picker shows it. */
export const ZTicketRecord = ZTicketAbout.extend({
  currency: z.string(),
  /** Exact decimal; negative for money that left the account (a transfer out). */
  amount: z.string(),
  /** The record's own state where it has one (a withdrawal's), else null. */
  status: z.string().nullable(),
  createTime: ZTimeSeconds,
});
export type TTicketRecord = z.infer<typeof ZTicketRecord>;

/** Upload ids returned by the attachment upload, at most MAX_TICKET_IMAGES per message. */
const ZAttach = z.array(ZIdString).max(MAX_TICKET_IMAGES).default([]);

export const ZTicket = z.object({
  /** The work order number. */
  id: z.string(),
  content: z.object({ content: z.string() }),
  createTime: ZTimeSeconds,
  /** Replied by an operator and not followed up since (SPEC.md point 3: replied or not replied). */
  replied: z.boolean(),
  about: ZTicketAbout.nullable(),
  attach: z.array(z.string()),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ticketList = defineEndpoint({
  ...ROUTES.ticketList,
  summary: "The user's tickets, newest first",
  params: ZPageParams.extend(ZMidParams.shape),
  data: pageOf(ZTicket),
});

export const createTicket = defineEndpoint({
  ...ROUTES.createTicket,
  summary: 'Submit a ticket (8751 while 3 of yours wait for a reply)',
  body: z.object({
    type: z.literal(4),
    content: safeString().trim().pipe(ZText(2000)),
    priority: z.literal(2),
    receiveType: z.literal(1),
    attach: ZAttach,
    about: ZTicketAbout.nullable().default(null),
  }),
  data: z.object({ id: z.string() }),
});

export const ZTicketReply = z.object({
  id: z.string(),
  /** 'operator' for support's replies, 'user' for the user's own follow-ups. */
  from: z.enum(['operator', 'user']),
  createTime: ZTimeSeconds,
  replyContent: z.object({ content: z.string() }),
  attach: z.array(z.string()),
});
export type TTicketReply = z.infer<typeof ZTicketReply>;

export const ticketReplies = defineEndpoint({
  ...ROUTES.ticketReplies,
  summary: 'Replies to one ticket and the follow-ups, oldest first (8752 when the ticket is not yours)',
  params: ZPageParams.extend({ workOrderNo: ZIdString }),
  data: pageOf(ZTicketReply),
});

export const ticketFollowUp = defineEndpoint({
  ...ROUTES.ticketFollowUp,
  summary: "The user's follow-up on a replied ticket; it opens the ticket again (8751 while it waits)",
  params: z.object({ ticketId: ZIdString }),
  body: z.object({ content: safeString().trim().pipe(ZText(2000)), attach: ZAttach }),
  data: ZEmpty,
});

export const ticketRecords = defineEndpoint({
  ...ROUTES.ticketRecords,
  summary: "The user's latest records a ticket can be about: withdrawals, deposits, transfers",
  data: z.object({ list: z.array(ZTicketRecord) }),
});

/** What the upload answers (its path and limits are in ../feedback.ts, without zod, for the web app). */
export const ZTicketUpload = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      mime: z.enum(['image/png', 'image/jpeg', 'image/webp']),
      size: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  ),
});
export type TTicketUpload = z.infer<typeof ZTicketUpload>;

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
