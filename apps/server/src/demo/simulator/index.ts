/**
 * The living demo's wiring (issue 14 item 7): server.ts starts it after listen when demo data are on (SEED=demo,
 * not ENVIRONMENT=production) and `SIMULATE` is not 0, and stops it first on shutdown. Unit tests (createTestApp)
 * and e2e (SIMULATE=0 in playwright.config.ts) never start it.
 *
 * Vehicle fixes go over HTTP to this server's own OsmAnd endpoint (`trackers.ts`), so the demo runs the real
 * ingest; `createInProcessFixSink` (sink.ts) is what the simulator's tests use.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { isDatabaseUnavailable } from '../../db/availability.js';
import { isProduction } from '../../startup/startSeed.js';
import { renderPoolOf } from '../../modules/alerts/assets/renderPool.js';
import { routingProvider } from '../../integrations/routing/provider.js';
import { createOsmAndFixSink } from './trackers.js';
import { createSimulator, type Simulator } from './simulator.js';

export { createSimulator, TRACKER_OFF, type Simulator } from './simulator.js';
export type { Fix, FixSink } from './sink.js';

/** Whether this process runs the simulator. */
export const simulatorWanted = (config: Pick<Config, 'seed' | 'environment' | 'simulate'>) =>
  config.simulate && config.seed === 'demo' && !isProduction(config.environment);

/** This server as its own client sees it: loopback when it listens on every address. */
function ownUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const any = address.address === '0.0.0.0' || address.address === '::';
  const host = any ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The radio answers' speech: the app's render pool (made while the alerts routes registered), taken once here —
 * this runs after listen, when the app takes no new hooks.
 */
export function demoSpeech(app: FastifyInstance): (text: string) => Promise<Buffer> {
  const pool = renderPoolOf(app);
  return (text) => pool.run({ kind: 'speech', text });
}

export function startDemoSimulator(app: FastifyInstance): Simulator | null {
  const { config, db, hub, database } = app.deps;
  if (!simulatorWanted(config)) return null;
  const simulator = createSimulator({
    db,
    hub,
    sink: createOsmAndFixSink({ db, hub }, () => ownUrl(app), app.log),
    serving: () => database.serving(),
    routing: config.mapServices.routingUrl ? routingProvider(config.mapServices.routingUrl, { log: app.log }) : null,
    renderSpeech: demoSpeech(app),
    log: app.log,
    kopisMinutes: config.simulateKopisMinutes,
    onDatabaseError: (error) => {
      if (isDatabaseUnavailable(error)) database.reportFailure(error);
    },
  });
  simulator.start();
  return simulator;
}
