/**
 * Process entry: configuration → database handle (lazy: no connection yet) → one try to prepare it (migrate,
 * seed of an empty one — demo data, in production only the first administrator —, runtime settings) → app → push hub on the same HTTP server → listen. When the
 * database is not reachable at start the node listens anyway, answers 503 and /readyz not ready, and prepares in
 * the background until it comes (db/monitor.ts). Prints where the panel runs and the accounts.
 * SIGINT/SIGTERM drain: no new calls (503), in-flight ones finish, sockets are told to go, exit 0 (≤ 10 s).
 * Issue 23: the first line names the release; the embedded database's DATA_DIR is locked to this process (a
 * second one exits with DATA_DIR_LOCKED_EXIT, which the systemd unit does not restart); the banner says when
 * the server listens on loopback only and when an embedded database makes this a single-node set-up.
 */
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { embeddedNeedsInit, openDatabase, type DatabaseHandle } from './db/client.js';
import { isDatabaseUnavailable } from './db/availability.js';
import { createDatabaseMonitor, selectOne, type MonitorLog } from './db/monitor.js';
import { postgresNeedsInit, prepareDatabase, prepareInChild } from './startup/firstStart.js';
import { sessionStoreFor } from './modules/auth/sessions.js';
import { createHub, type Hub } from './realtime/hub.js';
import { createDeferredHub } from './nullHub.js';
import { dropState, noteRevision } from './sync/revision.js';
import { schedulePruning } from './modules/sync/maintenance.js';
import { installProcessGuards, type GuardLog } from './processGuards.js';
import { startDemoSimulator, type Simulator } from './demo/simulator/index.js';
import { startEscalationLoop } from './modules/alerts/escalation/loop.js';
import { queueReceipts, receiptsOfReport } from './modules/receipts/record.js';
import { buildInfo, releaseLabel } from './buildInfo.js';
import { DATA_DIR_LOCKED_EXIT, DataDirLockedError, lockEmbedded } from './db/dataDirLock.js';
import { startMetricsListener, type MetricsListener } from './metrics/listener.js';
import { listenAdminSocket } from './backup/adminSocket.js';
import { warmFullState } from './modules/sync/full/answer.js';

/** SIGTERM → exit within this, drained or not */
const SHUTDOWN_DEADLINE_MS = 10_000;

function urlOf(config: Config, port: number): string {
  // a wildcard address is reached through loopback here; 127.0.0.1, not "localhost" (Node may resolve it to ::1)
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** A fresh PGlite in place of a closed or crashed one; the revision memory of the old one goes with it. */
async function reopenEmbedded(handle: DatabaseHandle): Promise<void> {
  await handle.reopen?.();
  dropState(handle.db);
}

async function main(): Promise<void> {
  // the log's first line: which release this is (a rolling upgrade runs two side by side)
  console.log(`[panel] ${releaseLabel()}, Node ${process.version}, PID ${process.pid}`);
  const config = loadConfig();
  // PGlite has one user: a second process on the same DATA_DIR is refused before anything opens it
  const embedded = lockEmbedded(config, 'server') !== null;
  // console until the app's logger exists; the guards are in place before anything can fail in the background
  let log: MonitorLog & GuardLog = {
    info: (obj, msg) => console.log(`[panel] ${msg}`, obj),
    warn: (obj, msg) => console.warn(`[panel] ${msg}`, obj),
    error: (obj, msg) => console.error(`[panel] ${msg}`, obj),
    fatal: (obj, msg) => console.error(`[panel] ${msg}`, obj),
  };
  installProcessGuards({ warn: (o, m) => log.warn(o, m), fatal: (o, m) => log.fatal(o, m) });

  // a new embedded database is created and prepared by a child process, whose memory goes when it exits
  let firstStartLines: string[] | null = null;
  const prepareFirst = async (what: string) => {
    const first = await prepareInChild();
    firstStartLines = first.lines;
    log.info(
      { ms: Math.round(first.ms), maxRssMb: first.maxRssMb },
      `new ${what} database prepared by a child process (peak ${first.maxRssMb} MB)`,
    );
  };
  if (!config.databaseUrl && embeddedNeedsInit(config.dataDir)) await prepareFirst('embedded');
  const handle: DatabaseHandle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // the embedded database's SQL runs beside the event loop, not on it (db/embeddedThread.ts)
    thread: true,
    onConnectionError: (error) => log.warn({ err: error.message }, 'database connection lost'),
    pool: {
      connectTimeoutMs: config.database.acquireTimeoutMs,
      statementTimeoutMs: config.database.statementTimeoutMs,
    },
  });
  // an empty PostgreSQL database likewise (unreachable now: prepared in process once it is back, as before)
  if (config.databaseUrl && (await postgresNeedsInit(handle.db).catch(() => false))) await prepareFirst('PostgreSQL');
  let seedLines: string[] = [];
  const prepare = async () => {
    seedLines = await prepareDatabase(handle, config);
  };
  // the usual case first: the database is there and the node is ready when it starts listening
  let startError: unknown = null;
  try {
    await prepare();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error; // a broken migration or configuration: stop here
    startError = error;
  }
  const database = createDatabaseMonitor({
    probe: selectOne(handle.db),
    prepare,
    prepared: startError === null,
    reopen: handle.reopen && (() => reopenEmbedded(handle)),
    onFatal: () => process.exit(1), // the monitor logged it; a failing migration will not fix itself
  });

  // The hub needs the HTTP server Fastify creates, and the app needs a hub: build with a deferred hub, bind it.
  const deferred = createDeferredHub();
  const app = await buildApp({ config, db: handle.db, hub: deferred, logger: true, database });
  log = app.log;
  const singleNode = embedded && config.environment === 'production';
  if (singleNode) {
    log.warn(
      { dataDir: config.dataDir },
      'embedded database: a single-node set-up (two nodes need PostgreSQL in DATABASE_URL and Redis in REDIS_URL)',
    );
  }
  const hub: Hub = await createHub(app.server, {
    db: handle.db,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    verifySession: (credentials) => sessionStoreFor(handle.db).verify(credentials),
    sessions: sessionStoreFor(handle.db),
    onRemoteRevision: (revision) => noteRevision(revision, handle.db),
    onReceipts: (deviceId, body) => queueReceipts(app.deps, deviceId, receiptsOfReport(body, new Date())),
  });
  deferred.bind(hub);
  const adminSocket = await listenAdminSocket(config, handle, app.log); // embedded: `npm run backup` asks here
  const stopPruning = schedulePruning(handle.db, {
    onError: (error) => app.log[isDatabaseUnavailable(error) ? 'warn' : 'error']({ err: error }, 'prune'),
  });

  // escalation of alerts nobody accepts (issue 25 item 3): every node runs it, row locks make each step run once
  const stopEscalation = config.escalation
    ? startEscalationLoop(
        { db: handle.db, hub, smsGatewayUrl: config.smsGatewayUrl },
        { everyMs: config.escalationTickMs, serving: () => database.serving(), log: app.log },
      )
    : () => {};

  let simulator: Simulator | null = null;
  let metricsListener: MetricsListener | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining: no new calls, in-flight ones finish');
    const force = setTimeout(() => {
      app.log.error({}, `not drained within ${SHUTDOWN_DEADLINE_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    try {
      await simulator?.stop(); // the living demo writes nothing more
      database.drain(); // /readyz 503 and new API calls 503 from now on
      database.stop();
      stopPruning();
      stopEscalation();
      await hub.close(); // sockets reconnect (to another node behind the balancer)
      await metricsListener?.close();
      await app.close(); // stops listening, waits for the requests in flight
      await adminSocket.close();
      await handle.close(); // after the last transaction
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
  // Prometheus on its own loopback port (metrics/listener.ts); a port in use is a warning, never an exit
  app.metrics.startDefaultMetrics();
  if (config.metrics.port !== null) {
    const { host: metricsHost, port: metricsPort } = config.metrics;
    metricsListener = await startMetricsListener({
      registry: app.metrics.registry,
      host: metricsHost,
      port: metricsPort,
      log: app.log,
    });
  }

  // the living demo (demo data, SIMULATE not 0): after listen, it pauses itself while the database is away
  simulator = startDemoSimulator(app);
  // the shared full bundle read now, not by the first panel that reconnects after the start (full/answer.ts)
  if (startError === null) {
    warmFullState(handle.db).catch((error: unknown) => app.log.warn({ err: error }, 'full bundle warm-up failed'));
  }

  const where = handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite v ${config.dataDir}`;
  const { version, commit } = buildInfo();
  const lines = [
    '',
    `Panel běží na ${urlOf(config, port)}  (verze ${version}, ${commit}; databáze: ${where}${config.redisUrl ? ', Redis fan-out' : ''})`,
  ];
  if (config.hostDefaulted && config.host === '127.0.0.1') {
    lines.push('Poslouchá jen na tomto počítači (127.0.0.1); pro přístup ze sítě nastavte HOST=0.0.0.0.');
  }
  if (singleNode) {
    lines.push(
      'Vestavěná databáze: jednouzlová instalace. Pro dva uzly nastavte PostgreSQL (DATABASE_URL) a Redis (REDIS_URL).',
    );
  }
  if (simulator) {
    lines.push('Živé demo: simulace vozidel, zařízení, volání KOPIS a zpráv jednotek běží (SIMULATE=0 ji vypne).');
  }
  if (startError === null) {
    lines.push(...(firstStartLines ?? seedLines)); // the lines of the creation (a generated password is shown once)
  } else {
    const reason = startError instanceof Error ? startError.message : String(startError);
    lines.push(`Databáze je nedostupná (${reason}): připojuji se na pozadí, do té doby API odpovídá 503.`);
    void database.start().then(() => {
      if (database.serving()) console.log([...seedLines, ''].join('\n'));
    });
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error('[panel] start failed:', error instanceof Error ? error.message : error);
  if (error instanceof DataDirLockedError) process.exit(DATA_DIR_LOCKED_EXIT); // the message says it all
  if (error instanceof Error && error.name !== 'ConfigError') console.error(error);
  process.exit(1);
});
