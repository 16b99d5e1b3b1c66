import {
  HEADERS,
  MERCHANT_ID,
  NO_CHAIN,
  REQUEST_TIMEOUT_MS,
  requestSignature,
  SUCCESS_CODE,
  TICKET_UPLOAD_PATH,
  type TTicketUpload,
  ticketAttachmentPath,
} from '@aidf/contract';
import { webEnv } from '../../config/env.ts';
import { ApiError } from '../../lib/api-client.ts';
import { clearAuth, getSession } from '../../lib/session.ts';

/** The headers every call carries (SPEC.md point 7); the signature only where one is asked for. */
function baseHeaders(language: string): Record<string, string> {
  const session = getSession();
  const headers: Record<string, string> = {
    [HEADERS.terminal]: webEnv.terminal,
    [HEADERS.address]: session.walletAddress ?? '',
    [HEADERS.chain]: session.chain ?? NO_CHAIN,
    [HEADERS.language]: language,
    [HEADERS.merchantId]: String(MERCHANT_ID),
  };
  if (session.token) headers[HEADERS.authorization] = session.token;
  return headers;
}

async function fail(response: Response): Promise<never> {
  let json: { code?: unknown; msg?: unknown } | null = null;
  try {
    json = (await response.json()) as { code?: unknown; msg?: unknown };
  } catch {}
  if (response.status === 401) {
    clearAuth();
    window.location.reload();
  }
  const code = typeof json?.code === 'number' ? json.code : response.status;
  throw new ApiError(code, response.status, typeof json?.msg === 'string' ? json.msg : '');
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(`${webEnv.apiBase}${path}`, { ...init, signal: controller.signal });
  } catch {
    throw controller.signal.aborted ? new ApiError('timeout', 0, 'timeout') : new ApiError('network', 0, 'network');
  } finally {
    clearTimeout(timer);
  }
}

/** Uploads up to 3 images as multipart: not signed (SPEC.md point 7: file upload), with the token. */
export async function uploadImages(files: File[], language: string): Promise<TTicketUpload> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const response = await send(TICKET_UPLOAD_PATH, { method: 'POST', headers: baseHeaders(language), body: form });
  if (!response.ok) return fail(response);
  const json = (await response.json()) as { code: number; data: TTicketUpload };
  if (json.code !== SUCCESS_CODE) return fail(response);
  return json.data;
}

/** One of the user's images, read with the token and a signed GET, as an object URL to show. */
export async function imageUrl(id: string, language: string): Promise<string> {
  const path = ticketAttachmentPath(id);
  const timestamp = String(Date.now());
  const headers = {
    ...baseHeaders(language),
    [HEADERS.timestamp]: timestamp,
    [HEADERS.signature]: requestSignature({
      pathWithQuery: path,
      body: '',
      timestamp,
      secret: webEnv.requestSignSecret,
    }),
  };
  const response = await send(path, { method: 'GET', headers });
  if (!response.ok) return fail(response);
  return URL.createObjectURL(await response.blob());
}
