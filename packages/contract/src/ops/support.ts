import { z } from 'zod';
import { safeString } from '../safe-string.ts';
import { ZIdString, ZLanguage, ZText, ZTimeMs } from '../schemas.ts';
import { defineOpsEndpoint, opsPageOf, opsPageQuery } from './common.ts';

const ZTicketIdParams = z.object({ ticketId: ZIdString });
const ZId = z.object({ id: ZIdString });

/** One message of a ticket's thread; times in seconds, as the user's ticket calls keep them (SPEC.md). */
export const ZTicketMessage = z.object({
  /** user or operator. */
  from: z.string(),
  operator: z.string().nullable(),
  createTime: z.number(),
  content: z.string(),
  attach: z.array(z.string()),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

const ZRecordKind = z.enum(['deposit', 'withdrawal', 'transfer']);

/** A ticket waiting for support, with its whole thread and the record it is about. */
export const ZQueuedTicket = z.object({
  ticketId: z.string(),
  username: z.string(),
  createTime: z.number(),
  waitingSince: z.string(),
  about: z.object({ kind: ZRecordKind, id: z.string() }).nullable(),
  record: z
    .object({
      kind: ZRecordKind,
      id: z.string(),
      currency: z.string(),
      amount: z.string(),
      status: z.string().nullable(),
      createTime: z.number(),
    })
    .nullable(),
  messages: z.array(ZTicketMessage),
});
export type TQueuedTicket = z.infer<typeof ZQueuedTicket>;

const ZAddress = z.object({ chain: z.string(), address: z.string(), kind: z.string() });
export type TUserAddress = z.infer<typeof ZAddress>;

export const ZUserRow = z.object({
  mid: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  addresses: z.array(ZAddress),
  createdAt: ZTimeMs,
});
export type TUserRow = z.infer<typeof ZUserRow>;

export const ZUserDetail = z.object({
  /** The currency of every worth below (WORTH_CURRENCY). */
  worthCurrency: z.string(),
  user: z.object({
    mid: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    createdAt: ZTimeMs,
    inviter: z.string().nullable(),
    addresses: z.array(ZAddress),
  }),
  balances: z.array(z.object({ currency: z.string(), available: z.string(), frozen: z.string() })),
  movements: z.array(
    z.object({
      id: z.string(),
      at: ZTimeMs,
      currency: z.string(),
      submode: z.string(),
      amount: z.string(),
      kind: z.string(),
      memo: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      itemId: z.string(),
      worth: z.string(),
      amounts: z.record(z.string(), z.string()),
      /** ORDER_STATUS: 0 awaiting payment … 4 expired. */
      status: z.number(),
      createdAt: ZTimeMs,
      closedAt: ZTimeMs.nullable(),
    }),
  ),
  pledges: z.array(
    z.object({
      id: z.string(),
      amount: z.string(),
      days: z.number(),
      rate: z.string(),
      submode: z.string(),
      settled: z.string(),
      status: z.string(),
      createTime: ZTimeMs,
      endTime: ZTimeMs,
      paidDays: z.number(),
      nextPayTime: ZTimeMs.nullable(),
    }),
  ),
  machines: z.array(
    z.object({
      id: z.string(),
      orderNo: z.string(),
      worth: z.string(),
      mined: z.string(),
      cap: z.string(),
      progress: z.string(),
      dailyIncome: z.string(),
      status: z.string(),
      createTime: ZTimeMs,
      outTime: ZTimeMs.nullable(),
    }),
  ),
  team: z.object({ directCount: z.number(), teamSize: z.number(), level: z.number() }),
  tickets: z.array(z.object({ ticketId: z.string(), status: z.string(), createdAt: ZTimeMs, title: z.string() })),
  securityChanges: z.array(z.object({ at: ZTimeMs, kind: z.string(), detail: z.string().nullable() })),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

/** One language's text; empty while a draft is being translated (publishing needs a title and a body). */
const ZAnnouncementTextInput = z.object({
  title: ZText(200, 0),
  summary: ZText(500, 0).optional(),
  body: ZText(50_000, 0),
});
const ZTranslationsInput = z.partialRecord(ZLanguage, ZAnnouncementTextInput);
const ZDraftReason = ZText(500, 0).optional();

export const ZAnnouncementText = z.object({ title: z.string(), summary: z.string(), body: z.string() });
export type TAnnouncementText = z.infer<typeof ZAnnouncementText>;
export const ZAnnouncementTranslations = z.partialRecord(ZLanguage, ZAnnouncementText);
export type TAnnouncementTranslations = z.infer<typeof ZAnnouncementTranslations>;

export const ZAnnouncementDraft = z.object({
  id: z.string(),
  status: z.enum(['draft', 'published']),
  publishTime: ZTimeMs.nullable(),
  createdAt: ZTimeMs,
  updatedAt: ZTimeMs,
  translations: ZAnnouncementTranslations,
});
export type TAnnouncementDraft = z.infer<typeof ZAnnouncementDraft>;

/** Support: tickets and their images, user lookup, announcements. */
export const opsSupport = {
  tickets: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/tickets',
    auth: true,
    summary: 'Tickets waiting for support, oldest first, each with its thread and the record it is about',
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
    data: z.array(ZQueuedTicket),
  }),
  ticketReplies: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/tickets/{ticketId}/replies',
    auth: true,
    summary: "A ticket's thread",
    params: ZTicketIdParams,
    data: z.object({
      total: z.number().int(),
      list: z.array(
        z.object({
          id: z.string(),
          from: z.enum(['user', 'operator']),
          createTime: z.number(),
          replyContent: z.object({ content: z.string() }),
          attach: z.array(z.string()),
        }),
      ),
    }),
  }),
  replyTicket: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/tickets/{ticketId}/reply',
    auth: true,
    summary: "Support's reply to a ticket",
    params: ZTicketIdParams,
    body: z.object({ content: safeString().trim().pipe(ZText(4000)) }),
    data: z.object({ id: z.string(), status: z.literal('replied') }),
  }),
  attachment: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/attachments/{id}',
    auth: true,
    summary: "Any ticket's image: the bytes, not the envelope",
    params: ZId,
    /** The image's bytes with its own content type (the one answer that is not the envelope). */
    data: z.string().meta({ format: 'binary' }),
  }),
  users: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/users',
    auth: true,
    summary: 'Users whose username, mid, email or address matches',
    query: z.object({ q: ZText(200, 0).default(''), ...opsPageQuery(200, 20) }),
    data: opsPageOf(ZUserRow),
  }),
  userDetail: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/users/{mid}',
    auth: true,
    summary: 'One user: balances, movements, orders, pledges, machines, team, tickets, security changes',
    params: z.object({ mid: ZIdString }),
    data: ZUserDetail,
  }),
  announcements: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/announcements',
    auth: true,
    summary: 'Announcements, drafts and published, in every language',
    data: z.array(ZAnnouncementDraft),
  }),
  createAnnouncement: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/announcements',
    auth: true,
    summary: 'A new announcement draft',
    body: z.object({ translations: ZTranslationsInput, reason: ZDraftReason }),
    data: z.object({ id: z.string(), status: z.literal('draft') }),
  }),
  updateAnnouncement: defineOpsEndpoint({
    method: 'PUT',
    path: '/ops/v1/announcements/{id}',
    auth: true,
    summary: 'Changes a draft; a published announcement answers 1409',
    params: ZId,
    body: z.object({ translations: ZTranslationsInput, reason: ZDraftReason }),
    data: ZAnnouncementDraft,
  }),
  publishAnnouncement: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/announcements/{id}/publish',
    auth: true,
    summary: 'Publishes a draft; refused (1225) unless each of the eleven languages has a title and a body',
    params: ZId,
    body: z.object({ reason: ZDraftReason }).nullish(),
    data: z.object({ id: z.string(), status: z.literal('published'), publishTime: ZTimeMs }),
  }),
} as const;
