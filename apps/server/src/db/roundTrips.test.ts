/**
 * SQL round trips per write on PostgreSQL (issue 24 item 10): every statement costs the full network latency,
 * so their number is what a slow database multiplies. Counted on the pool's clients (test/queryLog.ts) around
 * one HTTP call each. Before the issue: POST /v2/messages 19, POST /v2/events 21. The bounds keep them from
 * creeping back. Skipped without DATABASE_URL (the embedded PGlite has no network to pay for).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { seedDemo } from '../demo/seed.js';
import { createNullHub } from '../nullHub.js';
import { login, type TestSession } from '../test/factory.js';
import { logQueries, type QueryLog } from '../test/queryLog.js';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { migrate } from './migrate.js';
import { webPushFor } from '../modules/webPush/service.js';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.log('DATABASE_URL not set: round-trip counts skipped');

describe.skipIf(!DATABASE_URL)('SQL round trips per write (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let log: QueryLog;
  let session: TestSession;
  let eventId: number;

  beforeAll(async () => {
    scratch = await createScratchDatabase(DATABASE_URL!, 'panel_trips');
    handle = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
    log = logQueries(handle.client as pg.Pool);
    await migrate(handle);
    await seedDemo(handle.db);
    const config = loadConfig({ DATA_DIR: ':memory:', SEED: 'none', ENVIRONMENT: 'test', MAP_LAYERS: '{}' });
    app = await buildApp({ config, db: handle.db, hub: createNullHub() });
    await app.ready();
    session = await login(app, 'dispecer');
    const bundle = await app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: session.headers,
      payload: { uid: null },
    });
    eventId = (bundle.json() as { events: { id: number; code: string }[] }).events.find(
      (e) => e.code === 'PHA-2025-0412',
    )!.id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await scratch?.drop();
  });

  /**
   * The statements one call sends, after a first call of the same kind warmed the caches. Only the call's own:
   * the Web Push job a send queues after its commit (modules/webPush/service.ts: off the call, one statement
   * while nobody subscribed) would otherwise land in the window or not, as the scheduler has it.
   */
  async function statementsOf(payload: () => Record<string, unknown>, url: string): Promise<string[]> {
    const first = await app.inject({ method: 'POST', url, headers: session.headers, payload: payload() });
    expect(first.statusCode, first.body).toBe(201);
    await webPushFor(handle.db)?.idle();
    webPushFor(handle.db)?.close();
    log.reset();
    const res = await app.inject({ method: 'POST', url, headers: session.headers, payload: payload() });
    expect(res.statusCode, res.body).toBe(201);
    return [...log.texts];
  }

  it('POST /v2/messages: at most 7 (was 19), one transaction', async () => {
    const texts = await statementsOf(
      () => ({ uuid: randomUUID(), eventId, messageCategoryId: 1, type: 'X03', content: 'počítám' }),
      '/v2/messages',
    );
    console.log(`POST /v2/messages: ${texts.length} round trips`);
    expect(texts.length).toBeLessThanOrEqual(7);
    expect(texts.filter((t) => t === 'begin')).toHaveLength(1);
    expect(texts.filter((t) => t === 'commit')).toHaveLength(1);
  });

  it('POST /v2/events: at most 17 (was 21)', async () => {
    const texts = await statementsOf(
      () => ({ uuid: randomUUID(), eventCategoryId: 5, description: 'počítám' }),
      '/v2/events',
    );
    console.log(`POST /v2/events: ${texts.length} round trips`);
    expect(texts.length).toBeLessThanOrEqual(17);
    expect(texts.filter((t) => t === 'begin')).toHaveLength(1);
  });
});
