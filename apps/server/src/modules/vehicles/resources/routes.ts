/**
 * GET /v2/resources (000 §7 "vehicle list"): the deployment dialog's vehicle overview, see queries.ts. Needs view
 * EventResources, the right that shows the vehicle tab (000 §6); group MNG has not got it (403). The answer's
 * schema is `@panel/domain/vehicles` `resourcesAnswer`; authorization is here only, the query filters nothing
 * but which events' codes the user may read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourcesAnswer } from '@panel/domain/vehicles';
import { requireAbility } from '../../../http/requireAbility.js';
import { resourceOverview } from './queries.js';

export default async function resourceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v2/resources',
    {
      schema: {
        operationId: 'listResources',
        summary: 'The overview of the units and vehicles.',
        tags: ['vehicles'],
        response: { 200: resourcesAnswer },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'EventResources');
      return resourceOverview(app.deps.db, request.auth);
    },
  );
}
