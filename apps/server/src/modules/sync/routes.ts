/**
 * POST /v2/app {uid}: the full bundle or the delta since uid (sync/bundle.ts). Its settings carry the map layers
 * as they are now (issue 15): WMTS layers with the tile grids their capabilities announce, those whose service
 * does not answer left out, and `mapNotice` saying so (null when all is well, so the panel drops an old notice).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildAppData } from '../../sync/bundle.js';
import { baseMapsOf } from '../../integrations/wmts/baseMaps.js';

const appRequestSchema = z.object({ uid: z.string().max(200).nullable() });

export default async function syncRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/v2/app', { schema: { body: appRequestSchema } }, async (request) => {
    const bundle = await buildAppData(app.deps.db, request.auth, request.body.uid);
    // the layers the settings row holds (written from MAP_LAYERS at start), completed from their capabilities
    const maps = await baseMapsOf(app.deps.config, app.log).current(bundle.settings.mapLayers);
    return { ...bundle, settings: { ...bundle.settings, mapLayers: maps.layers ?? null, mapNotice: maps.notice } };
  });
}
