/**
 * Backup and restore figures (issue 23 item 7): `npm run backup` and `npm run restore` (the real commands,
 * `node --import tsx apps/server/src/cli/{backup,restore}.ts`) for the embedded database and PostgreSQL, each
 * (a) with the demo data and (b) with 50,000 more messages and 1,000 JPEG photos of 100–300 kB (made with sharp,
 * inserted in bulk by SQL while no server runs). Per run: backup time (the command's wall time, and what it
 * reports itself), file size, restore time (into a fresh DATA_DIR / an empty database), the restored server's
 * start, and — while the backup runs on a live server — `GET /version.json` against the same server: its median
 * before, and its longest answer during the backup (how long the server stood still: PGlite's dump holds the
 * single connection). Prints figures; not a test. Run: `npm run bench:backup -w bench`.
 *
 *   BENCH_DATABASE_URL=postgres://…   a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres):
 *                                     throwaway databases are created on it and dropped
 *   BENCH_KINDS=pglite,postgres       which databases to measure
 *   BENCH_MESSAGES=50000 BENCH_PHOTOS=1000   the large database
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { createEmbedded } from '../apps/server/src/db/embedded.js';
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/src/test/scratchDatabase.js';
import type { ServerProcess } from '../apps/server/src/test/serverProcess.js';
import { runBackupCli } from '../apps/server/src/test/backupCli.js';
import { startBenchServer } from './lib/benchServer.js';
import { sleep } from './lib/chaosCluster.js';
import { request } from './lib/http.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const kinds = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',');
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50_000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 1000);
const MB = 1024 * 1024;

type Exec = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Photo-like JPEGs: smooth noise (a blurred random field plus grain) at camera sizes, 100–300 kB each. */
async function photos(count: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const width = 1600 + (i % 4) * 160;
    const base = await sharp({
      create: {
        width,
        height: 1200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 120, sigma: 60 },
      },
    })
      .blur(6 + (i % 5))
      .png()
      .toBuffer();
    out.push(
      await sharp(base)
        .composite([
          {
            input: {
              create: {
                width,
                height: 1200,
                channels: 3,
                background: '#000',
                noise: { type: 'gaussian', mean: 0, sigma: 11 },
              },
            },
            blend: 'add',
          },
        ])
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return out;
}

/** 50,000 messages and 1,000 photos on the demo's events, as fast as SQL goes (no server running). */
async function bulkLoad(exec: Exec, images: Buffer[]): Promise<void> {
  const events = (await exec('select id from events order by id')).rows.map((r) => Number(r.id));
  await exec(
    `insert into messages (uuid, event_id, message_category_id, type, content, sender_name, created_at)
     select gen_random_uuid()::text, ($1::int[])[1 + g % array_length($1::int[], 1)], 1, 'X03',
            'Hromadná zpráva č. ' || g || ': jednotka na místě, provádí průzkum a hlásí stav.', 'Bench',
            now() - make_interval(secs => g)
       from generate_series(1, $2::int) g`,
    [events, MESSAGES],
  );
  for (let i = 0; i < PHOTOS; i += 10) {
    const rows: string[] = [];
    const params: unknown[] = [];
    for (let j = i; j < Math.min(PHOTOS, i + 10); j++) {
      const data = images[j % images.length];
      params.push(events[j % events.length], `bench-${j}.jpg`, data.length, data);
      const k = params.length;
      rows.push(`($${k - 3}, $${k - 2}, 'image/jpeg', $${k - 1}, $${k})`);
    }
    await exec(`insert into media (event_id, file_name, content_type, size, data) values ${rows.join(', ')}`, params);
  }
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** `/version.json` one after another: median before; the longest answer while `during` runs. */
async function versionProbe<T>(
  url: string,
  during: () => Promise<T>,
): Promise<{ result: T; medianMs: number; maxDuringMs: number }> {
  const agent = new http.Agent({ keepAlive: true });
  const one = async () => {
    const t = performance.now();
    await request(agent, `${url}/version.json`);
    return performance.now() - t;
  };
  const before: number[] = [];
  for (let i = 0; i < 200; i++) before.push(await one());
  before.sort((a, b) => a - b);
  let running = true;
  let maxDuringMs = 0;
  const poll = (async () => {
    while (running) maxDuringMs = Math.max(maxDuringMs, await one());
  })();
  const result = await during();
  running = false;
  await poll;
  agent.destroy();
  return { result, medianMs: before[100], maxDuringMs };
}

interface Row {
  kind: string;
  data: string;
  messages: number;
  media: number;
  backupS: string;
  reportedS: string;
  sizeMb: string;
  versionMedianMs: string;
  versionMaxDuringBackupMs: string;
  restoreS: string;
  restoredStartS: string;
}

/** the commands from the sources, as `npm run backup` in a clone (the figures in bench/RESULTS.md were taken so) */
const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runBackupCli(script, args, env, 'tsx');

const secondsOf = (out: string) => /za (\d+\.\d) s/.exec(out)?.[1] ?? '?';

async function runOne(kind: string, large: boolean, images: Buffer[]): Promise<Row> {
  const root = mkdtempSync(path.join(os.tmpdir(), `panel-bench-backup-${kind}-`));
  const scratch: ScratchDatabase[] = [];
  try {
    const noWeb = { WEB_DIST: path.join(root, 'no-web'), SIMULATE: '0' };
    let env: Record<string, string>;
    let restoreEnv: Record<string, string>;
    let exec: (work: (e: Exec) => Promise<void>) => Promise<void>;
    if (kind === 'pglite') {
      env = { DATA_DIR: path.join(root, 'data'), ...noWeb };
      restoreEnv = { DATA_DIR: path.join(root, 'restored'), ...noWeb };
      exec = async (work) => {
        const db = await createEmbedded(path.join(root, 'data', 'pglite'));
        try {
          await work((sql, params) => db.query(sql, params));
        } finally {
          await db.close();
        }
      };
    } else {
      const source = await createScratchDatabase(databaseUrl, 'panel_bench_backup');
      const target = await createScratchDatabase(databaseUrl, 'panel_bench_restore');
      scratch.push(source, target);
      env = { DATABASE_URL: source.url, DATA_DIR: path.join(root, 'data'), ...noWeb };
      restoreEnv = { DATABASE_URL: target.url, DATA_DIR: path.join(root, 'restored'), ...noWeb };
      exec = async (work) => {
        const client = new pg.Client({ connectionString: source.url });
        await client.connect();
        try {
          await work((sql, params) => client.query(sql, params));
        } finally {
          await client.end();
        }
      };
    }
    // seed the demo, then (large) add the bulk while no server holds the database
    await stop(await startBenchServer(env.DATA_DIR, env));
    if (large) await exec((e) => bulkLoad(e, images));
    let counts = { messages: 0, media: 0 };
    await exec(async (e) => {
      const r = (await e('select (select count(*) from messages)::int as m, (select count(*) from media)::int as p'))
        .rows[0];
      counts = { messages: Number(r.m), media: Number(r.p) };
    });

    const server = await startBenchServer(env.DATA_DIR, env);
    const outDir = path.join(root, 'out');
    const probe = await versionProbe(server.url, () => cli('backup', ['--out', outDir], env));
    await stop(server);
    if (probe.result.code !== 0) throw new Error(`backup failed: ${probe.result.out}`);
    const file = path.join(outDir, readdirSync(outDir)[0]);

    const restored = await cli('restore', [file], restoreEnv);
    if (restored.code !== 0) throw new Error(`restore failed: ${restored.out}`);
    const t = performance.now();
    await stop(await startBenchServer(restoreEnv.DATA_DIR, restoreEnv));
    const restoredStart = performance.now() - t;
    return {
      kind,
      data: large ? 'large' : 'demo',
      ...counts,
      backupS: (probe.result.ms / 1000).toFixed(1),
      reportedS: secondsOf(probe.result.out),
      sizeMb: (statSync(file).size / MB).toFixed(1),
      versionMedianMs: probe.medianMs.toFixed(2),
      versionMaxDuringBackupMs: probe.maxDuringMs.toFixed(0),
      restoreS: (restored.ms / 1000).toFixed(1),
      restoredStartS: (restoredStart / 1000).toFixed(1),
    };
  } finally {
    for (const s of scratch) await s.drop();
    rmSync(root, { recursive: true, force: true });
  }
}

async function main() {
  const t = performance.now();
  const images = await photos(20);
  const sizes = images.map((b) => b.length / 1024);
  console.log(
    `photos: ${images.length} distinct JPEGs, ${Math.min(...sizes).toFixed(0)}–${Math.max(...sizes).toFixed(0)} kB ` +
      `(made in ${((performance.now() - t) / 1000).toFixed(1)} s); large = demo + ${MESSAGES} messages + ${PHOTOS} photos`,
  );
  const rows: Row[] = [];
  for (const kind of kinds) {
    for (const large of [false, true]) {
      const row = await runOne(kind, large, images);
      console.log(JSON.stringify(row));
      rows.push(row);
      await sleep(500);
    }
  }
  console.log(
    "\nbackupS: the backup command's wall time (node start included); reportedS: the dump itself as the command " +
      'reports it;\nversionMaxDuringBackupMs: the longest GET /version.json answer while the backup ran (median before: versionMedianMs);\n' +
      "restoreS: the restore command's wall time; restoredStartS: a server starting on the restored database until it listens",
  );
  console.table(rows);
}

await main();
