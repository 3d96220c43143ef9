/**
 * The vehicles area (web `features/vehicles`, domain `@panel/domain/vehicles`), one plugin of two parts:
 * - `jobs/` — deployments of vehicles to events (POST/PUT/DELETE /v2/event-jobs, the route sent to a vehicle);
 * - `resources/` — the vehicle overview of the deployment dialog (GET /v2/resources).
 * Each part is registered as its own scope, as when they were two modules (hooks and parsers stay apart).
 */
import type { FastifyInstance } from 'fastify';
import jobRoutes from './jobs/routes.js';
import resourceRoutes from './resources/routes.js';

export default async function vehicleRoutes(app: FastifyInstance) {
  await app.register(jobRoutes);
  await app.register(resourceRoutes);
}
