/**
 * Ticket constants the web app needs without the zod schemas: importing these never pulls
 * endpoints/support.ts, and with it zod, into the tickets screen's bundle.
 */

/** Images per ticket or follow-up, and per upload request. */
export const MAX_TICKET_IMAGES = 3;

/** The image upload (multipart, not signed: SPEC.md point 7) and the image of an upload, by its id. */
export const TICKET_UPLOAD_PATH = '/v1/cms/work/attach';
export const ticketAttachmentPath = (id: string) => `${TICKET_UPLOAD_PATH}/${id}`;
