/**
 * The alerts area (web `features/alerts`, domain `@panel/domain/alerts`): what an alert sounds like, one plugin
 * of two parts:
 * - `assets/` — the sound library (GET /v2/assets/sounds, the tones' mp3 files) and the render worker pool that
 *   both parts render in;
 * - `tts/` — Czech speech of an alert's title (GET /tts/api);
 * - `escalation/` — escalation when nobody accepts (issue 25 item 3): the rules' routes, the chain's loop.
 * Each part is registered as its own scope, as when they were two modules (each has its own ETag plugin).
 */
import type { FastifyInstance } from 'fastify';
import assetRoutes from './assets/routes.js';
import ttsRoutes from './tts/routes.js';
import escalationRoutes from './escalation/routes.js';

export default async function alertRoutes(app: FastifyInstance) {
  await app.register(assetRoutes);
  await app.register(ttsRoutes);
  await app.register(escalationRoutes);
}
