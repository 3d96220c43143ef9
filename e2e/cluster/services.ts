/**
 * The cluster's dependencies: a PostgreSQL database of its own (unique name on the machine's server, dropped
 * after) and a redis-server of its own on a free port (no persistence), stopped by its PID. The machine's
 * shared PostgreSQL and Redis are never stopped or restarted.
 */
import { createScratchDatabase, type ScratchDatabase } from '../../apps/server/src/test/scratchDatabase.js';
import { startRedisServer, type RedisServer } from '../../apps/server/src/test/localServices.js';

export const POSTGRES_SERVER =
  process.env.CLUSTER_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function createClusterDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(POSTGRES_SERVER, 'panel_cluster');
}

/** the cluster's redis-server (apps/server/src/test/localServices.ts) */
export const startRedis = (): Promise<RedisServer> => startRedisServer();
