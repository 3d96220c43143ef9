/**
 * The railway operator's calls (000 §7; integrations/railwayoperator):
 * - POST /v2/railway-operator/export/{uuid}: the event to the operator, as `GET …/export?uuid=&user=&serial=`
 *   with the session's user login and device serial. Needs update Event and the event visible (404).
 * - POST /v2/railway-operator/test {code}: the operator's test call `GET …/test?code=`. Needs manage Device
 *   (as the device test request).
 * Both are journaled ('event.railwayOperator', 'railwayOperator.test') with the outcome. Without
 * RAILWAY_OPERATOR_URL the call goes to the outbox in the journal's transaction; with it the remote call (up to
 * 10 s) stays outside the transaction and a failure is a 502 with our Czech text.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  railwayOperatorAnswer,
  railwayOperatorExportParams,
  railwayOperatorTestBody,
  railwayOperatorTexts as t,
  type RailwayOperatorAnswer,
} from '@panel/domain/events';
import { forbidden, HttpError } from '../../errors.js';
import { authorize } from '../../http/authorize.js';
import { ServiceError } from '../../integrations/geo/http.js';
import {
  outboxRailwayOperatorProvider,
  railwayOperatorProvider,
  type RailwayOperatorCall,
  type RailwayOperatorResult,
} from '../../integrations/railwayoperator/provider.js';
import { runCommand } from '../../sync/commands.js';
import { actorOf, eventIdOf, visibleEvent } from './access.js';

const present = (r: RailwayOperatorResult): RailwayOperatorAnswer =>
  r.status === 'queued'
    ? { status: 'queued', message: t.queued }
    : { status: 'sent', message: t.sent, answer: r.answer };

export default async function railwayOperatorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function call(
    request: FastifyRequest,
    meta: { type: string; eventId?: number },
    op: RailwayOperatorCall,
  ): Promise<RailwayOperatorAnswer> {
    const url = app.deps.config.railwayOperatorUrl;
    const journal = (outcome: string) => ({ table: 'outbox', data: { call: op.call, query: op.query, outcome } });
    const command = <T>(fn: Parameters<typeof runCommand<T>>[3]) =>
      runCommand(app.deps, actorOf(request.auth), meta, fn);
    if (!url) {
      // the outbox row and the journal row commit together
      return command(async (tx, rec) => {
        const result = await outboxRailwayOperatorProvider(tx).send(op);
        rec.journal(journal('queued'));
        return present(result);
      });
    }
    try {
      const result = await railwayOperatorProvider(app.deps.db, url, { log: request.log }).send(op);
      await command(async (_tx, rec) => rec.journal(journal('sent')));
      return present(result);
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      await command(async (_tx, rec) => rec.journal(journal(`failed: ${err.message}`)));
      throw new HttpError(502, t.failed);
    }
  }

  r.post(
    '/v2/railway-operator/export/:uuid',
    {
      schema: {
        operationId: 'exportEventToRailwayOperator',
        summary: 'Send an event to the railway operator (000 §7).',
        tags: ['events'],
        params: railwayOperatorExportParams,
        response: { 200: railwayOperatorAnswer },
      },
    },
    async (request) => {
      const eventId = await eventIdOf(app.deps.db, { eventUuid: request.params.uuid });
      const { row } = await visibleEvent(app.deps.db, request.auth, eventId);
      authorize(request.auth, 'update', 'Event');
      const serial = request.auth.deviceCode;
      if (!serial) throw forbidden(t.noDevice);
      return call(
        request,
        { type: 'event.railwayOperator', eventId },
        { call: 'export', query: { uuid: row.uuid, user: request.auth.user.username, serial } },
      );
    },
  );

  r.post(
    '/v2/railway-operator/test',
    {
      schema: {
        operationId: 'testRailwayOperator',
        summary: 'Make the railway operator’s test call with a code.',
        tags: ['events'],
        body: railwayOperatorTestBody,
        response: { 200: railwayOperatorAnswer },
      },
    },
    async (request) => {
      authorize(request.auth, 'manage', 'Device');
      return call(request, { type: 'railwayOperator.test' }, { call: 'test', query: { code: request.body.code } });
    },
  );
}
