import { HEADERS, OPS } from '@aidf/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { defineOpsRawRoute, OPS_SECURITY } from '../routes/define-ops-route.ts';
import { pageSecurityPolicy } from './security-headers.ts';

/** The Content-Security-Policy of the OpenAPI viewer at /docs and its files: a page of ours without inline script. */
export const DOCS_SECURITY_POLICY = pageSecurityPolicy('');

type Transform = typeof jsonSchemaTransform;
const isOps = (url: string) => url.startsWith('/ops/v1/');

/** jsonSchemaTransform, with the routes of the other document hidden: each document lists one API. */
function only(keep: (url: string) => boolean): Transform {
  return (input) => {
    const out = jsonSchemaTransform(input);
    return keep(input.url) ? out : { ...out, schema: { ...out.schema, hide: true } };
  };
}

/**
 * The two OpenAPI documents, generated from the contract's zod schemas: the user API (/v1) at /docs/json with its
 * viewer at /docs, and the operator API (/ops/v1) at GET /ops/v1/openapi.json for operators only.
 */
export const openApi = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AIDF platform API',
        version: '1.0.0',
        description:
          `Every answer is { code, msg, data }. /v1 calls carry the headers ${Object.values(HEADERS).join(', ')}; ` +
          '`signature` = lowercase hex md5(path with query + raw body + timestamp + REQUEST_SIGN_SECRET). ' +
          'The operator API is documented apart, at GET /ops/v1/openapi.json (operators only).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: HEADERS.authorization } },
      },
    },
    transform: only((url) => !isOps(url)),
  });
  await app.register(swagger, {
    decorator: 'opsSwagger',
    openapi: {
      info: {
        title: 'AIDF operator API',
        version: '1.0.0',
        description:
          'The operator console and `npm run operator` call it. Every answer is { code, msg, data } except an ' +
          "attachment's bytes and this document. Not signed; `authorization: Bearer <token>` of a signed-in " +
          'operator (POST /ops/v1/auth/login) or OPERATOR_TOKEN; each tag is the permission the call needs ' +
          '(401 without a valid token, 403 when the role may not).',
      },
      components: {
        securitySchemes: { [OPS_SECURITY]: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: only(isOps),
  });
  // The viewer's page has no inline script (its initializer is a file of its own): our page policy with no hash
  // runs only its files, fetches only /docs/json, and checks no document against the outside validator.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_SECURITY_POLICY,
    uiConfig: { validatorUrl: null },
  });

  const opsDocument = (app as unknown as { opsSwagger: () => unknown }).opsSwagger;
  // Any signed-in operator: the document says what every role may call, not what this one may.
  defineOpsRawRoute(app, OPS.openApi, 'self', async () => opsDocument());
});
