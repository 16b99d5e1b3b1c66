import {
  createTicket,
  SUCCESS_CODE,
  TICKET_UPLOAD_PATH,
  ticketFollowUp,
  ticketList,
  ticketRecords,
  ticketReplies,
  ZIdString,
} from '@aidf/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import { IMAGE_POLICY } from '../../domain/tickets/image-policy.ts';
import { recordsOf } from '../../domain/tickets/ticket-records.ts';
import { followUp, createTicket as openTicket, repliesOf, ticketPage } from '../../domain/tickets/tickets.ts';
import { uploadImages } from '../../domain/tickets/upload-images.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

/** The multipart library's refusals as our codes: the user sees which limit the request broke. */
function uploadRefusal(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(81041, `more than ${IMAGE_POLICY.maxFileBytes} bytes in one file`);
    case 'FST_FILES_LIMIT':
      return new AppError(81042);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(1225, 'too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(1225, 'multipart/form-data expected');
    default:
      return error;
  }
}

/** The files of the upload request, each within the size limit, at most maxFiles, all read before any is kept. */
async function readFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new AppError(1225, 'multipart/form-data expected');
  const files: Buffer[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > IMAGE_POLICY.maxRequestBytes) throw new AppError(81041, 'the request is too large');
      files.push(bytes);
    }
  } catch (error) {
    throw uploadRefusal(error);
  }
  return files;
}

/** Refuses a request that says it is larger than allowed before reading any of it. */
async function requestSizeCheck(request: FastifyRequest) {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > IMAGE_POLICY.maxRequestBytes) throw new AppError(81041, 'the request is too large');
}

/** Sends a stored image: its own type, never sniffed, never rendered in place of the app. */
export function sendImage(reply: FastifyReply, image: { mime: string; bytes: Buffer; sha256: string }, id: string) {
  const extension = image.mime.slice('image/'.length);
  return reply
    .header('content-type', image.mime)
    .header('content-disposition', `attachment; filename="feedback-${id}.${extension}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .header('etag', `"${image.sha256}"`)
    .send(image.bytes);
}

/** Tickets, their replies and image attachments. */
export async function ticketRoutes(app: FastifyInstance) {
  // Registered here only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_POLICY.maxFileBytes,
      files: IMAGE_POLICY.maxFiles,
      fields: 5,
      fieldSize: 1024,
      parts: IMAGE_POLICY.maxFiles + 5,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });

  defineRoute(app, ticketList, async ({ params, request }) => {
    const { userId } = sessionOf(request);
    // Only one's own tickets; another mid answers as an unknown user would.
    if (BigInt(params.mid) !== userId) throw new AppError(1226);
    return ticketPage(app.repos, userId, params);
  });

  defineRoute(app, createTicket, ({ body, request }) =>
    openTicket(app.repos, sessionOf(request).userId, {
      content: body.content,
      attach: body.attach,
      about: body.about,
    }),
  );

  defineRoute(app, ticketReplies, ({ params, request }) =>
    repliesOf(app.repos, sessionOf(request).userId, BigInt(params.workOrderNo), params),
  );

  defineRoute(app, ticketFollowUp, ({ params, body, request }) =>
    followUp(app.repos, sessionOf(request).userId, BigInt(params.ticketId), body),
  );

  defineRoute(app, ticketRecords, async ({ request }) => ({
    list: await recordsOf(app.repos, sessionOf(request).userId),
  }));

  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Not signed (SPEC.md point 7: file upload), still signed in.
  routes.post(
    TICKET_UPLOAD_PATH,
    {
      config: { unsignedUpload: true },
      preHandler: [app.authenticate, requestSizeCheck],
      schema: { summary: 'Upload up to 3 png, jpeg or webp images (multipart, field "file")' },
    },
    async (request) => ({
      code: SUCCESS_CODE,
      msg: 'success',
      data: await uploadImages(app.repos, sessionOf(request).userId, await readFiles(request)),
    }),
  );

  routes.get(
    `${TICKET_UPLOAD_PATH}/:id`,
    {
      preHandler: app.authenticate,
      schema: { summary: 'One of your uploaded images', params: z.object({ id: ZIdString }) },
    },
    async (request, reply) => {
      const image = await app.repos.attachments.image(BigInt(request.params.id));
      // Someone else's image answers exactly as a missing one.
      if (!image || image.userId !== sessionOf(request).userId) throw new AppError(1404);
      return sendImage(reply, image, request.params.id);
    },
  );
}
