import type { z } from 'zod';
import type { PathTemplate } from './paths.ts';

/** One API call as plain data: the server validates with it, the client is typed by it. */
export interface EndpointDef {
  method: 'GET' | 'POST';
  path: PathTemplate;
  /** Whether the call needs a session token. */
  auth: boolean;
  summary: string;
  params?: z.ZodObject;
  /** The query string's fields (all optional strings on the wire). */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The schema of the envelope's `data`. */
  data: z.ZodType;
}

export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}

export type EndpointParams<E extends EndpointDef> = E['params'] extends z.ZodObject ? z.input<E['params']> : never;
export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodObject ? z.input<E['query']> : never;
export type EndpointBody<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type EndpointData<E extends EndpointDef> = z.output<E['data']>;
