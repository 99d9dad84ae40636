import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

/**
 * /docs: Swagger UI from the package's own files (no CDN, nothing fetched from the internet,
 * within the app's CSP: scripts and styles from 'self'), and /docs/openapi.json, the document
 * @fastify/swagger makes from the routes' schemas. The UI reads the same document at /docs/json.
 */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // No validatorUrl: the plugin then passes null, and Swagger UI shows no badge image fetched
    // from validator.swagger.io.
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Feed desk REST API' },
  });
  app.get(
    '/docs/openapi.json',
    {
      schema: {
        tags: ['operations'],
        summary: 'This OpenAPI 3 document, made from the routes’ own schemas.',
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => app.swagger(),
  );
};
