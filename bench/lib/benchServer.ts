/**
 * A server of one benchmark as a child process (the real entry: `node --import tsx server.ts`, or the compiled
 * build with `runtime: 'compiled'`) on a data directory the benchmark prepared: demo data, quiet logs, no Redis;
 * the embedded PGlite unless `env` names a DATABASE_URL. The port is a free one.
 */
import { startServer, type ServerProcess, type ServerRuntime } from '../../apps/server/src/test/serverProcess.js';
import { freePort } from './chaosCluster.js';

export async function startBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
  runtime: ServerRuntime = 'tsx',
): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED: 'demo',
      ENVIRONMENT: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    90_000,
    runtime,
  );
}
