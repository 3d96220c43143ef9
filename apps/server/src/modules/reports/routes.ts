/**
 * Response-time reports (issue 26 item 2; schemas `@panel/domain/reports`):
 *
 * - GET /v2/reports/response-times?from&to&baseId&eventCategoryId&resourceId&groupBy: turnout, travel, on scene,
 *   return and arrival per vehicle, base, category or month, with the months, the bases, the total and the
 *   distribution. Authorized in the route (the decision needs only the user: domain `reportScope`): group MNG
 *   and the central base see every base, a unit its own (another `baseId` → 422), role udrp and the rest 403.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportScope, reportTexts, responseTimesAnswer, responseTimesQuery } from '@panel/domain/reports';
import { forbidden, unprocessable } from '../../errors.js';
import { responseTimes } from './queries.js';

export default async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/reports/response-times',
    {
      schema: {
        operationId: 'getResponseTimes',
        summary: 'Turnout, travel, on-scene and return times per unit, vehicle, category or month (median, p90).',
        tags: ['reports'],
        querystring: responseTimesQuery,
        response: { 200: responseTimesAnswer },
      },
    },
    async (request) => {
      const { user, ability } = request.auth;
      const scope = reportScope(ability, user);
      if (scope === 'none') throw forbidden(reportTexts.refused);
      const own = scope === 'own' ? user.baseId : null;
      if (own != null && request.query.baseId != null && request.query.baseId !== own) {
        throw unprocessable({ field: 'baseId', message: reportTexts.otherBase });
      }
      return responseTimes(app.deps.db, request.query, own);
    },
  );
}
