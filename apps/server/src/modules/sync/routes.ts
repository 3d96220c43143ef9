/** POST /v2/app {uid}: the full bundle or the delta since uid (sync/bundle.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildAppData } from '../../sync/bundle.js';

const appRequestSchema = z.object({ uid: z.string().max(200).nullable() });

export default async function syncRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/v2/app', { schema: { body: appRequestSchema } }, async (request) => {
    return buildAppData(app.deps.db, request.auth, request.body.uid);
  });
}
