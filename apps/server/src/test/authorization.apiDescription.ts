/**
 * Rows of the authorization table for the API description (issue 16): the OpenAPI document and the browsable
 * reference's own files. Public for every principal: they hold no data.
 */
import { all, type Row } from './authorization.outcomes.js';

/** route key → the URL asked for it (a wildcard route is asked one of its files) */
const PUBLIC_DOCS: [route: string, url: string][] = [
  ['GET /v2/openapi.json', '/v2/openapi.json'],
  ['GET /v2/docs/json', '/v2/docs/json'],
  ['GET /v2/docs/yaml', '/v2/docs/yaml'],
  ['GET /v2/docs', '/v2/docs'],
  ['GET /v2/docs/static/index.html', '/v2/docs/static/index.html'],
  ['GET /v2/docs/static/swagger-initializer.js', '/v2/docs/static/swagger-initializer.js'],
  ['GET /v2/docs/static/*', '/v2/docs/static/swagger-ui.css'],
];

export const API_DESCRIPTION_ROWS: Row[] = [
  ...PUBLIC_DOCS.map(([route, url]): Row => ({ route, public: true, request: () => ({ url }), expect: all() })),
  // Fastify's HEAD of the reference's index (registered on its own, not as a GET's mirror)
  { route: 'HEAD /v2/docs/', public: true, request: () => ({ method: 'HEAD', url: '/v2/docs/' }), expect: all() },
];
