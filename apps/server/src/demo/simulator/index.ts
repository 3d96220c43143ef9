/**
 * The living demo's wiring (issue 14 item 7): server.ts starts it after listen when demo data are on (SEED=demo,
 * not ENVIRONMENT=production) and `SIMULATE` is not 0, and stops it first on shutdown. Unit tests (createTestApp)
 * and e2e (SIMULATE=0 in playwright.config.ts) never start it.
 *
 * THE ONE LINE TO CHANGE when the OsmAnd ingest is merged: `sink` below. Replace
 * `createInProcessFixSink(app.deps)` by an HTTP sink over the ingest's client, e.g.
 * `(fix) => osmandRequest(ownUrl, trackerOf(fix.deviceCode), fix)`.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { isDatabaseUnavailable } from '../../db/availability.js';
import { isProduction } from '../../db/startSeed.js';
import { renderPoolOf } from '../../modules/assets/renderPool.js';
import { routingProvider } from '../../integrations/routing/provider.js';
import { createInProcessFixSink } from './sink.js';
import { createSimulator, type Simulator } from './simulator.js';

export { createSimulator, TRACKER_OFF, type Simulator } from './simulator.js';
export type { Fix, FixSink } from './sink.js';

/** Whether this process runs the simulator. */
export const simulatorWanted = (config: Pick<Config, 'seed' | 'environment' | 'simulate'>) =>
  config.simulate && config.seed === 'demo' && !isProduction(config.environment);

export function startDemoSimulator(app: FastifyInstance): Simulator | null {
  const { config, db, hub, database } = app.deps;
  if (!simulatorWanted(config)) return null;
  const simulator = createSimulator({
    db,
    hub,
    sink: createInProcessFixSink({ db, hub }), // TEMPORARY: the OsmAnd client once modules/positions is merged
    serving: () => database.serving(),
    routing: config.mapServices.routingUrl ? routingProvider(config.mapServices.routingUrl, { log: app.log }) : null,
    renderSpeech: (text) => renderPoolOf(app).run({ kind: 'speech', text }),
    log: app.log,
    kopisMinutes: config.simulateKopisMinutes,
    onDatabaseError: (error) => {
      if (isDatabaseUnavailable(error)) database.reportFailure(error);
    },
  });
  simulator.start();
  return simulator;
}
