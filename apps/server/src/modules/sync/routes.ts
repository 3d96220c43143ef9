/**
 * POST /v2/app {uid}: the full bundle or the delta since uid (sync/bundle.ts). A delta or a "nothing changed"
 * answer is served from bytes encoded once for every panel that asks the same (sync/delta/encoded.ts), already
 * compressed when the client accepts it, so the compression plugin leaves it alone.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildAppData } from '../../sync/bundle.js';
import { acceptedEncoding, ENCODE_THRESHOLD, encodedAppAnswer } from '../../sync/delta/encoded.js';

const appRequestSchema = z.object({ uid: z.string().max(200).nullable() });

export default async function syncRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/v2/app', { schema: { body: appRequestSchema } }, async (request, reply) => {
      const answer = await encodedAppAnswer(app.deps.db, request.auth, request.body.uid);
      if (!answer) return buildAppData(app.deps.db, request.auth, request.body.uid);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      // as the compression plugin: small answers and clients that opt out (x-no-compression) get plain JSON
      const plain = answer.body.length < ENCODE_THRESHOLD || request.headers['x-no-compression'] !== undefined;
      const encoding = plain ? null : acceptedEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(answer.body);
      const bytes = await answer.encoded(encoding);
      return reply.header('content-encoding', encoding).send(bytes);
    });
}
