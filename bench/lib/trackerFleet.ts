/**
 * The tracker fleet of the benchmarks with positions flowing (positions, mixed, push, storm): vehicles up to a
 * count (the demo has 53), a navigation unit in each, and a secret per unit, written straight into a prepared
 * database (PGlite or PostgreSQL) before its server starts, so every node loads the trackers at start (`warm`) as
 * in a running service.
 */
import { createHash, randomBytes } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { seedDemo } from '../../apps/server/src/demo/seed.js';
import { Worker } from 'node:worker_threads';
import type { TrackerLoadInput, TrackerLoadMessage, TrackerSpec } from './trackerLoad.js';

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Raw SQL on a database handle (PGlite and pg answer `query(text, params)` alike). */
export const queryOf = (handle: Awaited<ReturnType<typeof openDatabase>>): Query => {
  const client = handle.client as unknown as { query: Query };
  return (text, params) => client.query(text, params);
};

/** Vehicles up to `count`, a navigation unit in each, and a secret per unit: the trackers that will report. */
export async function prepareFleet(query: Query, count: number): Promise<TrackerSpec[]> {
  const bases = (await query(`select id from bases where id <> 2 order by id`)).rows.map((r) => Number(r.id));
  const have = Number((await query(`select count(*)::int as n from resources`)).rows[0].n);
  for (let i = have; i < count; i++) {
    await query(
      `insert into resources (name, base_id, resource_type_id, status, latitude, longitude, location_at)
       values ($1, $2, 1, 1, $3, $4, now() - interval '1 hour')`,
      [`Bench vůz ${i + 1}`, bases[i % bases.length], 49.2 + (i % 20) * 0.08, 13.5 + Math.floor(i / 20) * 0.12],
    );
  }
  const vehicles = (await query(`select id, base_id, latitude, longitude from resources order by id limit $1`, [count]))
    .rows;
  const trackers: TrackerSpec[] = [];
  for (const [i, v] of vehicles.entries()) {
    const code = `N-BENCH-${String(i + 1).padStart(4, '0')}`;
    const secret = randomBytes(32).toString('base64url');
    const [device] = (
      await query(`insert into devices (code, name, base_id, resource_id) values ($1, $2, $3, $4) returning id`, [
        code,
        `Navigace ${code}`,
        v.base_id,
        v.id,
      ])
    ).rows;
    await query(`insert into device_trackers (device_id, secret_hash) values ($1, $2)`, [
      device.id,
      createHash('sha256').update(secret).digest('hex'),
    ]);
    trackers.push({
      code,
      secret,
      resourceId: Number(v.id),
      lat: Number(v.latitude ?? 50),
      lon: Number(v.longitude ?? 15),
    });
  }
  return trackers;
}

/**
 * A fresh database made ready before its nodes start: migrated, the demo data, and `trackers` trackers (none
 * when 0). The nodes load the trackers at start.
 */
export async function seededWithFleet(
  env: { dataDir: string; databaseUrl?: string },
  trackers: number,
): Promise<TrackerSpec[]> {
  const handle = await openDatabase({ databaseUrl: env.databaseUrl || undefined, dataDir: env.dataDir });
  try {
    await migrate(handle);
    await seedDemo(handle.db);
    return trackers > 0 ? await prepareFleet(queryOf(handle), trackers) : [];
  } finally {
    await handle.close();
  }
}

/** The trackers in a worker thread (lib/trackerLoad.ts); resolves with its figures when it is done. */
export function runTrackers(input: TrackerLoadInput, onStarted: () => void) {
  // a worker does not inherit tsx's loader on Node 20: a small entry registers it, then loads the TypeScript
  const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register();
    return import(${JSON.stringify(new URL('./trackerLoad.ts', import.meta.url).href)}); });`;
  const worker = new Worker(entry, { eval: true, workerData: input });
  const done = new Promise<Extract<TrackerLoadMessage, { type: 'done' }>>((resolve, reject) => {
    worker.on('message', (m: TrackerLoadMessage) => {
      if (m.type === 'started') onStarted();
      else if (m.type === 'done') void worker.terminate().then(() => resolve(m));
    });
    worker.once('error', reject);
  });
  // a benchmark whose measured part ends first stops the reports (the figures of a stopped fleet are not read)
  return Object.assign(done, { stop: () => void worker.terminate() });
}
