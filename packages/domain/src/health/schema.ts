/**
 * Answers of the calls that say whether the server is up and which build it serves (issue 16: one schema per
 * call): GET /healthz, GET /readyz for supervisors and load balancers, GET /version.json the panel polls to
 * notice a new build. Public, no request parameters.
 */
import { z } from 'zod';

/** GET /healthz 200: the event loop runs. */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/** The release a node runs (issue 23): root package.json's version and the git commit it was built from. */
export const releaseFields = {
  version: z.string().describe("the release's version, e.g. '1.0.0'"),
  commit: z.string().describe("short git commit of the build, 'unknown' when built outside git"),
};

/** GET /readyz 200 (ready) and 503 (not ready): why the node does or does not serve. */
export const readinessSchema = z
  .object({
    ...releaseFields,
    ready: z.boolean().describe('the database answers, is migrated, and the node is not draining'),
    database: z.enum(['up', 'down', 'starting']),
    migrated: z.boolean(),
    draining: z.boolean(),
    redis: z.enum(['off', 'up', 'down']).describe('Redis down does not make the node unready'),
    positions: z
      .looseObject({
        accepted: z.number(),
        duplicates: z.number(),
        refused: z.record(z.string(), z.number()).describe('refused fixes per reason'),
      })
      .describe("this node's position ingest counters since start (issue 14); more counters as the ingest reports"),
    maps: z
      .object({ status: z.enum(['ok', 'fallback', 'none']), notice: z.string().nullable() })
      .describe("the WMTS base maps: 'fallback' while their service does not answer (issue 15); never unready"),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /version.json 200: the build the server serves; a panel whose hash differs offers a reload. */
export const versionInfoSchema = z.object({
  hash: z.string().describe('digest of the built web panel'),
  ...releaseFields,
  environment: z.string().optional().describe("the login view shows its chip before any data ('production': none)"),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;
