/**
 * Delta benchmark (issue 13): what panels polling POST /v2/app cost the server after a change, as a ratio of
 * GET /version.json measured in the same run (ratios hold on a faster machine too). The server runs as its own
 * process (server.ts, demo data), so the load generator does not share its event loop. Prints figures; not a
 * test. Run: `npm run bench:delta -w bench`.
 *
 *   BENCH_PANELS=300        sessions polling (logged in as the demo users in turn, each with its device)
 *   BENCH_CONCURRENCY=32    requests in flight at once
 *   BENCH_SECONDS=5         length of each throughput phase
 *   BENCH_DATABASE_URL=postgres://…   PostgreSQL instead of the embedded database (wiped: use a throwaway one)
 *
 * Phases: (1) GET /version.json, (2) POST /v2/app with nothing changed, (3) after one change: a dispatcher's
 * message, then every panel asks for its delta (what a push makes them do), repeated for BENCH_SECONDS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { startServer } from '../apps/server/src/test/serverProcess.js';
import { freePort } from './lib/chaosCluster.js';
import { panelLogin } from './lib/http.js';

const panelsCount = Number(process.env.BENCH_PANELS ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const USERS = ['dispecer', 'jednotka', 'mng', 'admin', 'brno', 'ostrava', 'udrp'];

interface Panel {
  headers: Record<string, string>;
  uid: string | null;
}

async function login(url: string, username: string): Promise<Panel> {
  return { headers: (await panelLogin(url, username)).headers, uid: null };
}

async function poll(url: string, panel: Panel): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${url}/v2/app`, {
    method: 'POST',
    headers: { ...panel.headers, 'accept-encoding': 'gzip, br' },
    body: JSON.stringify({ uid: panel.uid }),
  });
  const body = (await res.json()) as { uid: string };
  if (!res.ok) throw new Error(`POST /v2/app: ${res.status}`);
  panel.uid = body.uid;
  return performance.now() - t;
}

/** Runs `task` with `concurrency` in flight for `ms`; requests per second and latency percentiles. */
async function throughput(ms: number, task: () => Promise<number>) {
  const end = performance.now() + ms;
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) samples.push(await task());
    }),
  );
  return figures(samples, ms);
}

function figures(samples: number[], ms: number) {
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { perSecond: (samples.length * 1000) / ms, p50: p(0.5), p99: p(0.99), n: samples.length };
}

/** Every panel at once (limited to `concurrency` in flight), as after a push. */
async function allPanels(url: string, panels: Panel[]): Promise<number[]> {
  const queue = [...panels];
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) samples.push(await poll(url, p));
    }),
  );
  return samples;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-delta-bench-'));
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    SEED: 'demo',
    ENVIRONMENT: 'test',
    LOG_LEVEL: 'warn',
  });
  try {
    const url = server.url;
    console.log(
      `delta bench: ${panelsCount} panels, ${concurrency} in flight, ${seconds} s phases, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`,
    );
    const panels: Panel[] = [];
    for (let i = 0; i < panelsCount; i++) panels.push(await login(url, USERS[i % USERS.length]));
    await allPanels(url, panels); // full bundles: every panel holds a uid
    const writer = panels[0]; // dispecer
    const [fire] = (
      (await (
        await fetch(`${url}/v2/app`, {
          method: 'POST',
          headers: writer.headers,
          body: JSON.stringify({ uid: null }),
        })
      ).json()) as { events: { id: number; code: string }[] }
    ).events.filter((e) => e.code === 'PHA-2025-0412');

    const version = await throughput(seconds * 1000, async () => {
      const t = performance.now();
      const res = await fetch(`${url}/version.json`);
      await res.arrayBuffer();
      return performance.now() - t;
    });
    await allPanels(url, panels);
    let next = 0;
    const unchanged = await throughput(seconds * 1000, () => poll(url, panels[next++ % panels.length]));

    const deltaSamples: number[] = [];
    const writes: number[] = [];
    const started = performance.now();
    let rounds = 0;
    while (performance.now() - started < seconds * 1000) {
      const t = performance.now();
      const res = await fetch(`${url}/v2/messages`, {
        method: 'POST',
        headers: writer.headers,
        body: JSON.stringify({
          uuid: randomUUID(),
          eventId: fire.id,
          messageCategoryId: 1,
          content: `bench ${rounds}`,
        }),
      });
      if (!res.ok) throw new Error(`message: ${res.status} ${await res.text()}`);
      writes.push(performance.now() - t);
      const roundStart = performance.now();
      deltaSamples.push(...(await allPanels(url, panels)));
      if (rounds === 0)
        console.log(
          `first round: last of ${panels.length} panels had the change ${(performance.now() - roundStart).toFixed(0)} ms after the write`,
        );
      rounds++;
    }
    const delta = figures(deltaSamples, performance.now() - started);

    const row = (name: string, f: ReturnType<typeof figures>) => ({
      phase: name,
      'req/s': Math.round(f.perSecond),
      'ratio to /version.json': (f.perSecond / version.perSecond).toFixed(2),
      'p50 ms': f.p50.toFixed(1),
      'p99 ms': f.p99.toFixed(1),
      requests: f.n,
    });
    console.table([
      row('GET /version.json', version),
      row('POST /v2/app, nothing changed', unchanged),
      row(`POST /v2/app after one change (${rounds} changes)`, delta),
    ]);
    const w = figures(writes, 1000);
    console.log(`writes: p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
