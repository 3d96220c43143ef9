/**
 * Speech benchmark (issue 11): does speech synthesis stall the other HTTP calls? Starts the real server in its
 * own process (server.ts, embedded PGlite in a fresh data directory, demo data), then measures GET /version.json
 * latency twice: alone (baseline), and while 4 sessions ask GET /tts/api for NEW texts in a loop (every text a
 * synthesis in the render worker). Prints p50/p95/p99/max of /version.json, syntheses done and 429/503 counts.
 * Figures, not a test. Run: `npm run bench:tts -w bench`.
 *
 *   BENCH_SECONDS=20     length of each phase (default 20)
 *   BENCH_SESSIONS=4     speaking sessions (default 4; demo users admin, dispecer, jednotka, udrp, mng)
 *   BENCH_TEXT=150       characters per text (default 150; the server allows 300)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ServerProcess } from '../apps/server/src/test/serverProcess.js';
import { startBenchServer } from './lib/benchServer.js';
import { panelLogin } from './lib/http.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 4);
const textLength = Math.min(300, Number(process.env.BENCH_TEXT ?? 150));
const USERS = ['admin', 'dispecer', 'jednotka', 'udrp', 'mng'];
const PASSWORD = 'panel-demo';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server on a fresh data directory with a tiny web build (GET /version.json is what is probed). */
async function startTtsServer(): Promise<{ server: ServerProcess; dirs: string[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-tts-'));
  const web = mkdtempSync(path.join(tmpdir(), 'panel-bench-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Panel</title>');
  writeFileSync(path.join(web, 'version.json'), '{"hash":"bench"}');
  return { server: await startBenchServer(dataDir, { WEB_DIST: web }), dirs: [dataDir, web] };
}

/** GET /version.json one after another (10 ms apart) until `until`; the latencies in ms. */
async function probe(base: string, until: number): Promise<number[]> {
  const samples: number[] = [];
  while (performance.now() < until) {
    const t = performance.now();
    const res = await fetch(`${base}/version.json`);
    await res.arrayBuffer();
    samples.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`/version.json ${res.status}`);
    await sleep(10);
  }
  return samples;
}

function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
  console.log(
    `${label.padEnd(34)} n ${String(sorted.length).padStart(5)}  p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  ` +
      `p99 ${q(0.99)} ms  max ${q(1)} ms`,
  );
}

interface SpeakCounts {
  ok: number;
  synthesized: number;
  limited: number;
  busy: number;
  other: number;
}

/** One session asking for new texts until `until`; waits Retry-After (at most 1 s) after a 429/503. */
async function speakLoop(base: string, headers: Record<string, string>, id: number, until: number) {
  const counts: SpeakCounts = { ok: 0, synthesized: 0, limited: 0, busy: 0, other: 0 };
  let n = 0;
  while (performance.now() < until) {
    const head = `Session ${id} text ${n++}: požár nákladního vlaku v železniční stanici Kolín, vyjíždí jednotka. `;
    const text = head.repeat(Math.ceil(textLength / head.length)).slice(0, textLength);
    const res = await fetch(`${base}/tts/api?t=${encodeURIComponent(text)}`, { headers });
    await res.arrayBuffer();
    if (res.status === 200) {
      counts.ok += 1;
      if (res.headers.get('x-tts-cache') === 'synthesized') counts.synthesized += 1;
    } else if (res.status === 429 || res.status === 503) {
      counts[res.status === 429 ? 'limited' : 'busy'] += 1;
      await sleep(Math.min(1000, Number(res.headers.get('retry-after') ?? 1) * 1000));
    } else counts.other += 1;
  }
  return counts;
}

const started = performance.now();
const { server, dirs } = await startTtsServer();
const base = server.url;
console.log(`server up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${base}`);
try {
  const sessions = await Promise.all(
    USERS.slice(0, sessionCount).map(async (u) => (await panelLogin(base, u, PASSWORD)).headers),
  );
  // the worker's first start (thread + tsx + WebAssembly compile) is not what is measured
  await fetch(`${base}/tts/api?t=${encodeURIComponent('Zahřátí')}`, { headers: sessions[0] });

  report('/version.json alone', await probe(base, performance.now() + seconds * 1000));

  const until = performance.now() + seconds * 1000;
  const [latencies, ...speakers] = await Promise.all([
    probe(base, until),
    ...sessions.map((headers, i) => speakLoop(base, headers, i, until)),
  ]);
  report(`/version.json with ${sessionCount} speaking sessions`, latencies);
  const total = speakers.reduce(
    (sum, c) => ({
      ok: sum.ok + c.ok,
      synthesized: sum.synthesized + c.synthesized,
      limited: sum.limited + c.limited,
      busy: sum.busy + c.busy,
      other: sum.other + c.other,
    }),
    { ok: 0, synthesized: 0, limited: 0, busy: 0, other: 0 },
  );
  console.log(
    `tts in ${seconds} s: ${total.synthesized} syntheses of ${textLength} characters ` +
      `(${(total.synthesized / seconds).toFixed(2)}/s), ${total.ok} answers 200, ${total.limited} × 429, ` +
      `${total.busy} × 503, ${total.other} other`,
  );
} finally {
  server.child.kill('SIGTERM');
  await Promise.race([server.exited, sleep(10_000)]);
  await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
