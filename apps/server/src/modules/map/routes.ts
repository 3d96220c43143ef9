/**
 * The map area (web `features/map`, domain `@panel/domain/map`), one plugin of four parts:
 * - `objects/` — events' map notes and drawings (/v2/event-objects, /v2/event-geos) and their presenter;
 * - `services/` — the map cards and overlays asked of outside services (cadastre, rail image, hunting regions,
 *   explore, zones, panorama, WMS proxy, estimated routes); the providers are `integrations/map/<service>`;
 * - `railway/` — the offline base map (/v2/map/country, railway lines and points, places) and the imports of
 *   the railway (SR70) and address (RÚIAN) registers it is drawn from;
 * - `search/` — the map's search box and reverse geocoding (/v2/search/…; web `features/map/search`).
 * Each part is registered as its own scope, as when they were separate modules (hooks and parsers stay apart).
 */
import type { FastifyInstance } from 'fastify';
import mapObjectRoutes from './objects/routes.js';
import baseMapRoutes from './railway/routes.js';
import searchRoutes from './search/routes.js';
import mapServiceRoutes from './services/routes.js';

export default async function mapRoutes(app: FastifyInstance) {
  await app.register(mapObjectRoutes);
  await app.register(mapServiceRoutes);
  await app.register(baseMapRoutes);
  await app.register(searchRoutes);
}
