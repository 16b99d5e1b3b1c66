import { DEFAULT_LANGUAGE, HEADERS, isLanguage } from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Keeps the raw JSON body for the signature check, reads the language, echoes the request id. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('rawBody', '');
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.decorateRequest('sessionUser', null);

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    // A POST without a body is common from clients that always send the JSON content type.
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request, reply) => {
    const language = request.headers[HEADERS.language];
    request.language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    reply.header('x-request-id', request.id);
  });
});
