/**
 * GET /v2/resources (000 §7 "vehicle list"): the deployment dialog's vehicle overview, see queries.ts. Needs view
 * EventResources, the right that shows the vehicle tab (000 §6); group MNG has not got it (403).
 */
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../../app.js';
import { resourceOverview } from './queries.js';

export default async function resourceRoutes(app: FastifyInstance) {
  app.get('/v2/resources', async (request) => {
    requireAbility(request, 'view', 'EventResources');
    return resourceOverview(app.deps.db, request.auth);
  });
}
