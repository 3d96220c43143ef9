/**
 * POST /v2/app {uid}: the full bundle or the delta since uid (modules/sync/bundle.ts). Every answer is served from bytes
 * encoded once for every panel that asks the same (modules/sync/delta/encoded.ts; the full bundle from the shared state
 * of modules/sync/full/), already compressed when the client accepts it, so the compression plugin leaves it alone.
 * Request and answer: `appRequestSchema`, `appBundleSchema` (`@panel/domain/sync`). Encoded bytes (a Buffer) never
 * pass through the response serializer, so declaring the answer costs the hot path nothing (the bytes are
 * checked against the schema by modules/sync/bundleSchema.api.test.ts).
 * Authorization: none here — any session with a confirmed device pulls; what the bundle holds is the
 * visibility rules of sync/visibility.ts (the one place that decides what a user sees).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appBundleSchema, appRequestSchema } from '@panel/domain/sync';
import { queueReceipts } from '../receipts/record.js';
import { acceptedEncoding, ENCODE_THRESHOLD, encodedAppAnswer } from './delta/encoded.js';

const schema = { body: appRequestSchema, response: { 200: appBundleSchema } };

export default async function syncRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v2/app',
    {
      schema: {
        ...schema,
        operationId: 'syncApp',
        summary: 'Pull the data bundle, or its delta since a revision (uid).',
        tags: ['sync'],
      },
    },
    async (request, reply) => {
      // delivery receipts riding on the pull (issue 25): queued for the session's device, never waited for
      const { receipts } = request.body;
      if (receipts?.length && request.auth.deviceId != null) {
        const at = new Date();
        queueReceipts(
          app.deps,
          request.auth.deviceId,
          receipts.map((r) => ({ ...r, via: 'poll' as const, at })),
        );
      }
      // as the compression plugin: clients that opt out (x-no-compression) and small answers get plain JSON
      const optedOut = request.headers['x-no-compression'] !== undefined;
      const accepted = optedOut ? null : acceptedEncoding(request.headers['accept-encoding']);
      const answer = await encodedAppAnswer(app.deps.db, request.auth, request.body.uid, accepted);
      // the bytes are an encoded AppBundle: the typed reply would want the object, the wire takes them as they are
      const encoded = reply as unknown as FastifyReply;
      encoded.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      const encoding = answer.body.length < ENCODE_THRESHOLD ? null : accepted;
      if (!encoding) return encoded.send(answer.body);
      const bytes = await answer.encoded(encoding);
      return encoded.header('content-encoding', encoding).send(bytes);
    },
  );
}
