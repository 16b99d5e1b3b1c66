import { z } from 'zod';
import { safeString } from '../safe-string.ts';
import { ZText, ZTimeMs } from '../schemas.ts';
import { defineOpsEndpoint, opsPageOf, opsPageQuery, ZOperatorReason, ZOperatorRole } from './common.ts';

const ZLogin = z.object({
  // No NUL: PostgreSQL text cannot hold one, and invalid input must answer 400, never 500.
  username: safeString().trim().pipe(ZText(64)),
  password: ZText(200),
  totp: safeString().trim().max(10),
});
const ZOperatorName = z.object({ username: ZText(64) });

/** A new operator's credentials, answered once: nothing can show the password or the TOTP secret again. */
export const ZNewOperator = z.object({
  status: z.literal('created'),
  username: z.string(),
  role: ZOperatorRole,
  password: z.string(),
  otpauthUri: z.string(),
});
/** What adding an operator answers, once: nothing can show the password or the TOTP secret again. */
export type TNewOperator = z.infer<typeof ZNewOperator>;

export const ZOperatorProposed = z.object({
  status: z.literal('proposed'),
  proposalId: z.string(),
  username: z.string(),
  role: ZOperatorRole,
});

export const ZOperatorRow = z.object({
  username: z.string(),
  role: ZOperatorRole,
  createdBy: z.string().nullable(),
  /** Null for the accounts OPERATOR_TOKEN created at once to start the platform. */
  approvedBy: z.string().nullable(),
  createdAt: ZTimeMs,
  disabledAt: ZTimeMs.nullable(),
  disabledBy: z.string().nullable(),
  /** Null until the operator first signs in (until then the console may show the TOTP QR). */
  firstLoginAt: ZTimeMs.nullable(),
});
export type TOperatorRow = z.infer<typeof ZOperatorRow>;

export const ZAuditRow = z.object({
  id: z.string(),
  at: ZTimeMs,
  operator: z.string(),
  role: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  clientAddress: z.string().nullable(),
  movementId: z.string().nullable(),
  detail: z.unknown(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

/** Operators' sign-in, their accounts, and the audit trail of what they did. */
export const opsAccounts = {
  login: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/auth/login',
    auth: false,
    summary:
      'Sign in: the token answers as `authorization: Bearer <token>`; wrong name, password or code 1228, then 429',
    body: ZLogin,
    data: z.object({ token: z.string(), role: ZOperatorRole, username: z.string(), expiresAt: ZTimeMs }),
  }),
  enroll: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/auth/enroll',
    auth: false,
    summary: 'Before the first sign-in only: the TOTP URI to show as a QR; afterwards 1228 like a wrong password',
    body: ZLogin.pick({ username: true, password: true }),
    data: z.object({ otpauthUri: z.string() }),
  }),
  me: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/auth/me',
    auth: true,
    summary: 'The signed-in operator, its role and the permissions the role has',
    data: z.object({ username: z.string(), role: ZOperatorRole, permissions: z.array(z.string()) }),
  }),
  logout: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/auth/logout',
    auth: true,
    summary: 'Ends the session of the token sent (OPERATOR_TOKEN is configuration: loggedOut false)',
    data: z.object({ loggedOut: z.boolean() }),
  }),
  addOperator: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/operators',
    auth: true,
    summary:
      'Adds an operator: created at once with its credentials when OPERATOR_TOKEN asks before two admins have existed; otherwise a proposal',
    body: z.object({ username: ZText(64), role: ZOperatorRole, reason: ZOperatorReason.optional() }),
    data: z.discriminatedUnion('status', [ZNewOperator, ZOperatorProposed]),
  }),
  setOperatorRole: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/operators/{username}/role',
    auth: true,
    summary: "Proposes a change of an operator's role, which a second admin approves",
    params: ZOperatorName,
    body: z.object({ role: ZOperatorRole, reason: ZOperatorReason }),
    data: ZOperatorProposed,
  }),
  disableOperator: defineOpsEndpoint({
    method: 'POST',
    path: '/ops/v1/operators/{username}/disable',
    auth: true,
    summary:
      'Disables an operator at once (its sessions and open proposals end with it); an admin whose disabling would leave fewer than two enabled admins: a proposal',
    params: ZOperatorName,
    body: z.object({ reason: ZOperatorReason }),
    data: z.discriminatedUnion('status', [
      z.object({ status: z.literal('disabled'), username: z.string(), withdrawnProposals: z.array(z.string()) }),
      z.object({ status: z.literal('proposed'), proposalId: z.string(), username: z.string() }),
    ]),
  }),
  operators: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/operators',
    auth: true,
    summary: 'Every operator account, disabled ones included',
    data: z.array(ZOperatorRow),
  }),
  audit: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/audit',
    auth: true,
    summary: 'The audit trail, newest first; filters match exactly',
    query: z.object({
      ...opsPageQuery(500, 50),
      operator: ZText(64, 0).optional(),
      action: ZText(64, 0).optional(),
      target: ZText(200, 0).optional(),
    }),
    data: opsPageOf(ZAuditRow),
  }),
  openApi: defineOpsEndpoint({
    method: 'GET',
    path: '/ops/v1/openapi.json',
    auth: true,
    summary: "This API's OpenAPI document, for a signed-in operator or OPERATOR_TOKEN (the document, not the envelope)",
    data: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
  }),
} as const;
