import { createHash, timingSafeEqual } from 'node:crypto';
import { HEADERS, MAX_CLOCK_SKEW_MS, requestSignatureText } from '@aidf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file upload route: its multipart POSTs are not signed (SPEC.md point 7). Nothing else is exempt. */
    unsignedUpload?: boolean;
  }
}

/** Only a multipart POST to a route that declares `config: { unsignedUpload: true }` skips the check. */
function isUnsignedUpload(request: FastifyRequest): boolean {
  return (
    request.routeOptions.config.unsignedUpload === true &&
    request.method === 'POST' &&
    (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')
  );
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Why a request's signature is refused, or null when it is good. */
export function signatureProblem(request: FastifyRequest, secret: string, nowMs: number): string | null {
  const timestamp = header(request, HEADERS.timestamp);
  const signature = header(request, HEADERS.signature);
  if (!timestamp || !/^\d{1,16}$/.test(timestamp)) return 'timestamp header missing or not milliseconds';
  if (Math.abs(nowMs - Number(timestamp)) > MAX_CLOCK_SKEW_MS) return 'timestamp more than 5 minutes off';
  if (!signature || !/^[0-9a-f]{32}$/.test(signature)) return 'signature header missing or not lowercase md5 hex';
  // node:crypto's md5, not the contract's portable one: every request pays for this check.
  const text = requestSignatureText({ pathWithQuery: request.url, body: request.rawBody, timestamp, secret });
  const expected = createHash('md5').update(text).digest('hex');
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : 'signature does not match';
}

/**
 * Refuses /v1 calls whose `signature` header is missing or wrong, or whose `timestamp` is more than 5 minutes
 * off (HTTP 400, code 1225). File uploads are not signed (SPEC.md point 7): only on routes that say so, since
 * the content type alone is the client's claim.
 */
export const requestSignatureCheck = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    // Only routes that exist under /v1: an unknown path answers 404, whatever its headers.
    if (!request.routeOptions.url?.startsWith('/v1/')) return;
    if (isUnsignedUpload(request)) return;
    const problem = signatureProblem(request, app.config.requestSignSecret, Date.now());
    if (problem) throw new AppError(1225, problem);
  });
});
