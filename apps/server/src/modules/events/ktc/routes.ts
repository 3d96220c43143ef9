/**
 * POST /ktc/panel/sendMessage (000 §7, docs/API.md): form data `id` (message id) and `unit_id` (unit uid) →
 * hands the message to ISV through the provider of integrations/isv and answers `{status: 1, msg}`, or
 * `{status: 0, msg}` when the unit is unknown or ISV fails (the panel shows `msg`; on success it applies the
 * ISV tag itself through POST /v2/messages/{id}/tag/{tagId}).
 *
 * Needs manage Message (as tag clicking, 000 §6); 404 when the message is unknown or its event not visible;
 * 422 when a field is missing. Every hand-over is journaled on the event ('message.isv', with the result).
 *
 * Route shape: validate (the form through @fastify/formbody or @fastify/multipart, then the domain's zod schema)
 * → load (message, unit) → authorize (here, in the route: manage Message; the message's visibility in
 * `visibleMessage`) → command → present. The form parsers are registered in this plugin only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { isvResultSchema, ktcSendBody } from '@panel/domain/events';
import { requireAbility } from '../../../http/requireAbility.js';
import { bases } from '../../../db/schema/index.js';
import { isvProvider, outboxIsvProvider, type IsvResult } from '../../../integrations/isv/index.js';
import { runCommand, type ChangeRecorder } from '../../../sync/commands.js';
import { actorOf } from '../access.js';
import { presentMessage, visibleMessage } from '../../messages/queries.js';
import { registerFormParsers } from './form.js';

export const ktcTexts = {
  unknownUnit: (uid: string) => `Jednotka ${uid} nebyla nalezena.`,
} as const;

/**
 * Refusals of this call (403, 404, 400) keep their `{message}` and also carry `{status: 0, msg}`, the shape the
 * panel reads from this call. 401 and the 422 field list keep the house shapes.
 */
function withIsvShape(statusCode: number, payload: unknown): unknown {
  if (statusCode < 400 || statusCode === 401 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
    const message = (body as { message?: unknown }).message;
    return typeof message === 'string' ? JSON.stringify({ ...body, status: 0, msg: message }) : payload;
  } catch {
    return payload;
  }
}

export default async function ktcRoutes(app: FastifyInstance) {
  registerFormParsers(app);
  app.addHook('onSend', async (_request, reply, payload) => withIsvShape(reply.statusCode, payload));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/ktc/panel/sendMessage',
    {
      schema: {
        operationId: 'sendKtcMessage',
        summary: 'Hand a message of an event to ISV for a unit (KTC).',
        tags: ['events'],
        body: ktcSendBody,
        response: { 200: isvResultSchema },
      },
    },
    async (request): Promise<IsvResult> => {
      requireAbility(request, 'manage', 'Message');
      const { id, unit_id: unitUid } = request.body;
      const { row } = await visibleMessage(app.deps.db, request.auth, id);
      const [unit] = await app.deps.db.select({ id: bases.id }).from(bases).where(eq(bases.uid, unitUid));
      const journal = (rec: ChangeRecorder, result: IsvResult) =>
        rec.journal({ table: 'messages', data: { messageId: id, unitUid, status: result.status, msg: result.msg } });
      const command = <T>(fn: Parameters<typeof runCommand<T>>[3]) =>
        runCommand(app.deps, actorOf(request.auth), { type: 'message.isv', eventId: row.eventId }, fn);

      if (!unit) {
        const refused: IsvResult = { status: 0, msg: ktcTexts.unknownUnit(unitUid) };
        await command(async (_tx, rec) => journal(rec, refused));
        return refused;
      }
      const handOver = {
        messageId: id,
        unitUid,
        payload: await presentMessage(app.deps.db, request.auth, id),
        at: new Date().toISOString(),
      };
      const provider = isvProvider(app.deps.db);
      if (provider.kind === 'outbox') {
        // the outbox row and the journal row commit together
        return command(async (tx, rec) => {
          const result = await outboxIsvProvider(tx).send(handOver);
          journal(rec, result);
          return result;
        });
      }
      // a remote call (up to 10 s) stays outside the transaction
      const result = await provider.send(handOver);
      await command(async (_tx, rec) => journal(rec, result));
      return result;
    },
  );
}
