import { z } from 'zod';
import type { EndpointDef } from '../endpoint.ts';
import { safeString } from '../safe-string.ts';

/** One operator API call as plain data, like EndpointDef of /v1; PUT changes an announcement draft. */
export interface OpsEndpointDef extends Omit<EndpointDef, 'method' | 'path'> {
  method: 'GET' | 'POST' | 'PUT';
  path: `/ops/v1/${string}`;
}

export function defineOpsEndpoint<const E extends OpsEndpointDef>(endpoint: E): E {
  return endpoint;
}

export type OpsQuery<E extends OpsEndpointDef> = E['query'] extends z.ZodObject ? z.input<E['query']> : never;
export type OpsBody<E extends OpsEndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type OpsData<E extends OpsEndpointDef> = z.output<E['data']>;

/** The operators' roles, least to most; what each may do is the server's table (domain/operator/roles.ts). */
export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export const ZOperatorRole = z.enum(OPERATOR_ROLES);
export type TOperatorRole = z.infer<typeof ZOperatorRole>;

/** Why an operator acts, kept in the audit trail: required, 1 to 500 characters once trimmed. */
export const ZOperatorReason = safeString().trim().min(1).max(500);

/** `page` (from 1) and `size` of a paged operator list, up to `maxSize` rows a page. */
export function opsPageQuery(maxSize: number, defaultSize: number) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  };
}

/** A paged operator list: the rows of the page and how many match in all. */
export function opsPageOf<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int(), list: z.array(row) });
}
