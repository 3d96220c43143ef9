/**
 * Round trips per write and a slow database (issue 24 item 10). An in-process app on a scratch PostgreSQL
 * database reached through a fault proxy that adds latency to every answer of the database. Prints, per write:
 * the statements it sends and its time with BENCH_LATENCY_MS per answer; then the time a message send takes
 * to be refused (503 + Retry-After) with BENCH_STALL_MS per answer under the call budget, and the time until a
 * send succeeds again once the latency is gone. Figures, not a test.
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:roundtrips -w bench`
 *
 *   BENCH_LATENCY_MS=20    added to each answer for the per-write timing (default 20)
 *   BENCH_STALL_MS=2000    added to each answer for the stall (default 2000)
 *   DB_CALL_BUDGET_MS=5000 the call budget (default the server's)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { createNullHub } from '../apps/server/src/nullHub.js';
import { login } from '../apps/server/src/test/factory.js';
import { startFaultProxy } from '../apps/server/src/test/faultProxy.js';
import { logQueries } from '../apps/server/src/test/queryLog.js';
import { createScratchDatabase } from '../apps/server/src/test/scratchDatabase.js';

const DATABASE_URL = process.env.DATABASE_URL;
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 20);
const stallMs = Number(process.env.BENCH_STALL_MS ?? 2000);

async function main(): Promise<void> {
  if (!DATABASE_URL) {
    console.log('DATABASE_URL not set: nothing to measure');
    return;
  }
  const scratch = await createScratchDatabase(DATABASE_URL, 'panel_bench_trips');
  const target = new URL(DATABASE_URL);
  const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const handle = await openDatabase({ databaseUrl: proxy.proxyUrl(scratch.url), dataDir: ':memory:' });
  const log = logQueries(handle.client as pg.Pool);
  try {
    await migrate(handle);
    await seedDemo(handle.db);
    const config = loadConfig({
      DATA_DIR: ':memory:',
      SEED: 'none',
      ENVIRONMENT: 'test',
      MAP_LAYERS: '{}',
      DB_CALL_BUDGET_MS: process.env.DB_CALL_BUDGET_MS,
    });
    const app = await buildApp({ config, db: handle.db, hub: createNullHub() });
    await app.ready();
    const session = await login(app, 'dispecer');
    const full = await app.inject({ method: 'POST', url: '/v2/app', headers: session.headers, payload: { uid: null } });
    const events = (full.json() as { events: { id: number; code: string }[] }).events;
    const eventId = events.find((e) => e.code === 'PHA-2025-0412')!.id;
    const post = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: session.headers, payload });
    const message = () => ({ uuid: randomUUID(), eventId, messageCategoryId: 1, type: 'X03', content: 'bench' });
    const event = () => ({ uuid: randomUUID(), eventCategoryId: 5, description: 'bench' });

    for (const [name, url, payload] of [
      ['POST /v2/messages', '/v2/messages', message],
      ['POST /v2/events', '/v2/events', event],
    ] as const) {
      await post(url, payload()); // warm the caches
      log.reset();
      await post(url, payload());
      const statements = log.texts.length;
      proxy.delayAnswers(latencyMs);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const res = await post(url, payload());
        if (res.statusCode !== 201) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        times.push(performance.now() - started);
      }
      proxy.delayAnswers(0);
      times.sort((a, b) => a - b);
      console.log(
        `${name}: ${statements} statements; with ${latencyMs} ms per answer median ${times[2].toFixed(0)} ms`,
      );
    }

    proxy.delayAnswers(stallMs);
    const uuid = randomUUID();
    let started = performance.now();
    const refused = await post('/v2/messages', { ...message(), uuid });
    const refusedMs = performance.now() - started;
    console.log(
      `with ${stallMs} ms per answer (budget ${config.database.callBudgetMs} ms): POST /v2/messages ` +
        `${refused.statusCode} Retry-After ${String(refused.headers['retry-after'])} after ${refusedMs.toFixed(0)} ms`,
    );
    proxy.delayAnswers(0);
    started = performance.now();
    for (;;) {
      const res = await post('/v2/messages', { ...message(), uuid });
      if (res.statusCode < 300) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`latency removed: the same send saved after ${(performance.now() - started).toFixed(0)} ms`);
    await app.close();
  } finally {
    await handle.close();
    await proxy.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
