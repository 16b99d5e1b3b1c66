import { HEADERS } from '@aidf/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas: the document at /docs/json, the viewer at /docs. */
export const openApi = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AIDF platform API',
        version: '1.0.0',
        description:
          `Every answer is { code, msg, data }. /v1 calls carry the headers ${Object.values(HEADERS).join(', ')}; ` +
          '`signature` = lowercase hex md5(path with query + raw body + timestamp + REQUEST_SIGN_SECRET).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: HEADERS.authorization } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
