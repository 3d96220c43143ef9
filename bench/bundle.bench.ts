/**
 * Full bundle benchmark (issue 13 item 2): what starting a panel costs when the centre has 1,000 active events
 * with 50,000 messages of history. The embedded database is seeded in this process (demo data, the events and
 * their messages in batches, the dispatcher's read state; or a PostgreSQL database the same way), then the server runs as its own process on it and a
 * dispatcher's panel asks POST /v2/app {uid: null} — the call that starts a panel — again and again. Prints
 * figures; not a test. Run: `npm run bench:bundle -w bench`.
 *
 *   BENCH_EVENTS=1000       active events added to the demo data
 *   BENCH_MESSAGES=50       messages per added event (all in its operational conversation, written by admin)
 *   BENCH_UNREAD=2          the newest this many messages of each added event stay unread for the dispatcher
 *                           (the rest of the history has been read, as in a centre that works its events)
 *   BENCH_RUNS=20           full bundles measured warm and as many cold
 *   BENCH_SETUPS=embedded,postgres   which databases (default: embedded, and postgres when the URL is given)
 *   BENCH_DATABASE_URL=postgres://…  the PostgreSQL run's database: WIPED first (a throwaway one)
 *
 * Figures: GET /version.json (the ratio base: the cheapest call of the same server in the same run), the full
 * bundle's time to the last byte (gzip, as a browser asks) p50/p99 — the first after the server's start, cold
 * (each the first full bundle after a write: the dispatcher marks one message read, so the revision moves) and
 * warm (repeated with nothing changed) — its JSON and gzipped sizes, how many events and messages it holds, and
 * the server's RSS (now and its peak, VmHWM) before and after the runs. The server keeps a shared full bundle
 * (apps/server/src/modules/sync/full/): a cold request pays for bringing it forward by the write (a patch) and for the
 * dispatcher's own parts; a warm one is answered from the kept bytes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { advanceReadWatermarks } from '../apps/server/src/modules/messages/watermarks.js';
import { createNullHub } from '../apps/server/src/nullHub.js';
import { authFor } from '../apps/server/src/sync/testkit.js';
import { addEventsInBatches } from './lib/addEvents.js';
import { startBenchServer } from './lib/benchServer.js';
import { panelLogin } from './lib/http.js';
import { wipeDatabase } from './lib/fleet.js';

const eventsCount = Number(process.env.BENCH_EVENTS ?? 1000);
const messagesPerEvent = Number(process.env.BENCH_MESSAGES ?? 50);
const unreadPerEvent = Number(process.env.BENCH_UNREAD ?? 2);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const READER = 'dispecer';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const setups = (process.env.BENCH_SETUPS ?? (databaseUrl ? 'embedded,postgres' : 'embedded')).split(',');

/** The demo data plus the bench's events and messages, written into `dataDir` (then closed for the server). */
async function seed(dataDir: string, url: string) {
  const t = performance.now();
  if (url) await wipeDatabase(url);
  const handle = await openDatabase({ dataDir, databaseUrl: url || undefined });
  await migrate(handle);
  await seedDemo(handle.db);
  const db = handle.db;
  const admin = await authFor(db, 'admin');
  const reader = await authFor(db, READER);
  const deps = { db, hub: createNullHub(), config: {} as never };
  await addEventsInBatches({ db, deps, admin, reader, messagesPerEvent }, eventsCount);
  // the dispatcher has read the history: all but the newest `unreadPerEvent` of each event
  await db.execute(sql`insert into message_reads (message_id, user_id)
    select t.id, ${reader.user.id} from (
      select m.id, row_number() over (partition by m.event_id order by m.id desc) as rn from messages m) t
    where t.rn > ${unreadPerEvent}
    on conflict do nothing`);
  // the history is old (older than the read watermarks' settling time), and the dispatcher's read marks move
  // their watermarks as the read calls do
  await db.execute(
    sql`update messages set inserted_at = inserted_at - interval '1 day', created_at = created_at - interval '1 day'`,
  );
  await advanceReadWatermarks(db, reader.user.id, sql`select id from events`);
  await db.execute(sql`analyze`);
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from messages`);
  await handle.close();
  console.log(
    `seeded ${eventsCount} events, ${n} messages in all (${unreadPerEvent} unread per event for ${READER}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

const login = async (url: string, username: string) => (await panelLogin(url, username)).headers;

/** One request with the raw (still compressed) body: time to the last byte and the bytes as sent. */
function raw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ ms: number; bytes: Buffer; encoding: string | undefined; status: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.request(url, { method, headers: { ...headers, 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - t,
          bytes: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
          status: res.statusCode ?? 0,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** VmRSS and VmHWM (peak) of a process, MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const percentile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function run(setup: string) {
  if (setup === 'postgres' && !databaseUrl) throw new Error('BENCH_DATABASE_URL is needed for postgres');
  const dbUrl = setup === 'postgres' ? databaseUrl : '';
  console.log(`\n== ${setup === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-bundle-bench-'));
  try {
    await seed(dataDir, dbUrl);
    const server = await startBenchServer(dataDir, dbUrl ? { DATABASE_URL: dbUrl } : {});
    try {
      const url = server.url;
      const pid = server.child.pid!;
      const headers = await login(url, READER);
      const memStart = memoryOf(pid);

      const version: number[] = [];
      for (let i = 0; i < 200; i++) version.push((await raw(`${url}/version.json`, 'GET', {})).ms);

      const ask = () => raw(`${url}/v2/app`, 'POST', headers, JSON.stringify({ uid: null }));
      const first = await ask(); // the first after the start; its body is the one measured for size
      if (first.status !== 200) throw new Error(`POST /v2/app: ${first.status} ${first.bytes.toString()}`);
      const json = first.encoding === 'gzip' ? zlib.gunzipSync(first.bytes) : first.bytes;
      const bundle = JSON.parse(json.toString('utf8')) as {
        events: unknown[];
        messages: { id: number; read: number; userId: number | null }[];
      };
      const gz = zlib.gzipSync(json);
      // cold: a write before each (one unread message marked read), then the full bundle
      const unread = bundle.messages.filter((m) => m.read === 0).map((m) => m.id);
      const cold: number[] = [];
      for (let i = 0; i < runs && i < unread.length; i++) {
        const mark = await raw(`${url}/v2/messages/${unread[i]}/read`, 'POST', headers);
        if (mark.status !== 200) throw new Error(`POST /v2/messages/${unread[i]}/read: ${mark.status}`);
        cold.push((await ask()).ms);
      }
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await ask()).ms);
      const memEnd = memoryOf(pid);

      const v50 = percentile(version, 0.5);
      console.log(
        `full bundle of ${READER}: ${bundle.events.length} events, ${bundle.messages.length} messages; server ${first.encoding ?? 'identity'}`,
      );
      console.table([
        {
          call: 'GET /version.json',
          runs: version.length,
          'p50 ms': v50.toFixed(1),
          'p99 ms': percentile(version, 0.99).toFixed(1),
          'ratio p50': '1.0',
          'JSON kB': '',
          'gzip kB': '',
        },
        ...[
          ['first after start', [first.ms]],
          ['cold (after a write)', cold],
          ['warm (nothing changed)', times],
        ].map(([label, xs]) => ({
          call: `POST /v2/app {uid: null}, ${label as string}`,
          runs: (xs as number[]).length,
          'p50 ms': percentile(xs as number[], 0.5).toFixed(1),
          'p99 ms': percentile(xs as number[], 0.99).toFixed(1),
          'ratio p50': (percentile(xs as number[], 0.5) / v50).toFixed(0),
          'JSON kB': (json.length / 1000).toFixed(0),
          'gzip kB': (gz.length / 1000).toFixed(0),
        })),
      ]);
      console.log(
        `server RSS: ${memStart.rss.toFixed(0)} MiB before the bundles, ${memEnd.rss.toFixed(0)} MiB after, peak ${memEnd.peak.toFixed(0)} MiB`,
      );
      console.log('goal: full bundle < 300 ms and < 2 MB gzipped');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const setup of setups) await run(setup);
