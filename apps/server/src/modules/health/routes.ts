/**
 * Health for supervisors and load balancers (public, no database needed to answer, not request-logged):
 *
 * - GET /healthz → 200 `{status: 'ok'}` while the event loop runs (liveness: restart the process only when this
 *   stops answering — a database or Redis outage never makes it fail).
 * - GET /readyz → 200 when this node serves: the database answers (`select 1`, at most one probe a second
 *   whatever the polling rate, db/monitor.ts), is migrated, and the node is not draining; else 503. Body
 *   `{ready, database: 'up'|'down'|'starting', migrated, draining, redis: 'off'|'up'|'down'}`. Redis down does
 *   not make the node unready: it still serves its own sockets and every HTTP call. `positions`: this node's
 *   position ingest counters since start `{accepted, duplicates, refused: {reason: n}}` (issue 14). `maps`: the
 *   WMTS base maps `{status: 'ok'|'fallback'|'none', notice}` — 'fallback' while their service does not answer
 *   and the offline map stands in (issue 15); it never makes the node unready. `version`, `commit`: the release
 *   (buildInfo.ts, issue 23).
 * The answers' schemas are in `@panel/domain/health`. No authorization: both are public by design.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { livenessSchema, readinessSchema } from '@panel/domain/health';
import { positionIngestOf } from '../positions/ingest.js';
import { baseMapsOf } from '../../integrations/map/wmts/baseMaps.js';
import { buildInfo } from '../../buildInfo.js';

const open = { public: true, withoutDatabase: true } as const;

export default async function healthRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    {
      config: open,
      schema: {
        operationId: 'getLiveness',
        summary: 'Liveness: the process answers.',
        tags: ['health'],
        response: { 200: livenessSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  // 503 answers the readiness too (not the house `{message}`): a load balancer reads why the node is out
  const readyzSchema = { response: { 200: readinessSchema, 503: readinessSchema } };
  app.get(
    '/readyz',
    {
      config: open,
      schema: {
        ...readyzSchema,
        operationId: 'getReadiness',
        summary: 'Readiness: database and Redis reachable, the node not draining.',
        tags: ['health'],
      },
    },
    async (_request, reply) => {
      const readiness = await app.deps.database.readiness();
      const redis = app.deps.hub.redisState?.() ?? 'off';
      reply.header('cache-control', 'no-store');
      // issue 14: this node's position ingest counters (accepted, duplicates, refused per reason)
      const positions = { ...positionIngestOf(app.deps).counters() };
      const { status, notice } = await baseMapsOf(app.deps.config, app.log).current(app.deps.config.mapLayers, {
        wait: false,
      });
      const { version, commit } = buildInfo(); // issue 23: which release answers (a rolling upgrade mixes two)
      return reply
        .status(readiness.ready ? 200 : 503)
        .send({ version, commit, ...readiness, redis, positions, maps: { status, notice } });
    },
  );
}
