/**
 * Metrics scrape benchmark (issue 23): what a Prometheus scrape of /metrics costs against GET /version.json, the
 * house's reference call, measured in the same run on the same server. Starts the real server in its own process
 * (server.ts, embedded PGlite in a fresh data directory, demo data, no living demo) with the metrics listener on
 * a free loopback port and METRICS_TOKEN set, makes some traffic so the series have samples, then runs, in turn
 * and twice over, BENCH_CONNECTIONS workers for BENCH_SECONDS against: /version.json, /metrics on the metrics
 * port, /metrics on the main port with the token. Prints requests/s, p50/p99 and each as a ratio to
 * /version.json. Figures, not a test. Run: `npm run bench:metrics -w bench`.
 *
 *   BENCH_SECONDS=10       length of each phase (default 10)
 *   BENCH_CONNECTIONS=4    concurrent requests (default 4; Prometheus itself scrapes one at a time)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './lib/benchServer.js';
import { freePort } from './lib/chaosCluster.js';
import { panelLogin } from './lib/http.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const TOKEN = 'bench-metrics-token-0123456789';

interface Phase {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
}

async function run(label: string, url: string, headers: Record<string, string> = {}): Promise<Phase> {
  const samples: number[] = [];
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(url, { headers });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
        samples.push(performance.now() - t);
        bytes = body.byteLength;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = samples.sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { label, perSecond: samples.length / elapsed, p50: q(0.5), p99: q(0.99), bytes };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-metrics-'));
  const web = mkdtempSync(path.join(tmpdir(), 'panel-bench-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Panel</title>');
  writeFileSync(path.join(web, 'version.json'), '{"hash":"bench"}');
  const metricsPort = await freePort();
  const server = await startBenchServer(dataDir, {
    WEB_DIST: web,
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN: TOKEN,
  });
  try {
    // traffic first: route histograms, sync answers and logins get their series
    for (const user of ['admin', 'dispecer', 'jednotka', 'udrp', 'mng']) {
      const session = await panelLogin(server.url, user);
      await fetch(`${server.url}/v2/app`, {
        method: 'POST',
        headers: { ...session.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ uid: null }),
      }).then((r) => r.arrayBuffer());
    }
    const listener = `http://127.0.0.1:${metricsPort}/metrics`;
    const phases: Phase[] = [];
    for (let round = 0; round < 2; round++) {
      phases.push(await run('GET /version.json', `${server.url}/version.json`));
      phases.push(await run('GET /metrics (METRICS_PORT)', listener));
      phases.push(
        await run('GET /metrics (main port, token)', `${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` }),
      );
    }
    const base = phases.filter((p) => p.label === 'GET /version.json');
    const baseRate = base.reduce((s, p) => s + p.perSecond, 0) / base.length;
    const baseP50 = base.reduce((s, p) => s + p.p50, 0) / base.length;
    console.log(`\n${connections} connections, ${seconds} s per phase, two rounds (same server, same run)\n`);
    for (const p of phases) {
      console.log(
        `${p.label.padEnd(34)} ${p.perSecond.toFixed(0).padStart(6)}/s (${(p.perSecond / baseRate).toFixed(2)}× of /version.json)` +
          `  p50 ${p.p50.toFixed(2)} ms (${(p.p50 / baseP50).toFixed(1)}×)  p99 ${p.p99.toFixed(2)} ms  ${p.bytes} B`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(web, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
