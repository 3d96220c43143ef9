/**
 * Process entry: configuration → database (migrate; an empty one gets demo data, or in production only the
 * first administrator) → app → push hub on the same HTTP server → listen. Prints where the panel runs and the
 * demo accounts (or a generated admin password); shuts down cleanly on SIGINT/SIGTERM.
 */
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedOnStart } from './db/startSeed.js';
import { sessionStoreFor } from './modules/auth/sessions.js';
import { createHub, type Hub } from './realtime/hub.js';
import { createDeferredHub } from './realtime/nullHub.js';
import { noteRevision } from './sync/revision.js';
import { applyRuntimeSettings } from './db/runtimeSettings.js';
import { schedulePruning } from './sync/maintenance.js';

function urlOf(config: Config, port: number): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(handle);
  // production: never demo data, only a first administrator (db/startSeed.ts)
  const seedLines = await seedOnStart(handle.db, config);
  await applyRuntimeSettings(handle.db, config);

  // The hub needs the HTTP server Fastify creates, and the app needs a hub: build with a deferred hub, bind it.
  const deferred = createDeferredHub();
  const app = await buildApp({ config, db: handle.db, hub: deferred, logger: true });
  const hub: Hub = await createHub(app.server, {
    db: handle.db,
    redisUrl: config.redisUrl,
    verifySession: (credentials) => sessionStoreFor(handle.db).verify(credentials),
    sessions: sessionStoreFor(handle.db),
    onRemoteRevision: (revision) => noteRevision(revision, handle.db),
  });
  deferred.bind(hub);
  const stopPruning = schedulePruning(handle.db, { onError: (error) => app.log.error({ err: error }, 'prune') });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopPruning();
      await hub.close();
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (error) {
      console.error('[panel] shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const lines = [
    '',
    `Panel běží na ${urlOf(config, port)}  (databáze: ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite v ${config.dataDir}`}${config.redisUrl ? ', Redis fan-out' : ''})`,
  ];
  lines.push(...seedLines);
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error('[panel] start failed:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.name !== 'ConfigError') console.error(error);
  process.exit(1);
});
