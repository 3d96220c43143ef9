/**
 * The trackers of positions.bench.ts, in a worker thread of their own: the bench's main thread also plays 200
 * panels (socket.io, a delta pull and its JSON per invalidation), and measured there the ingest's answer waited
 * for the client's own event loop (its delay p99 was 90–190 ms, max 300–480 ms, on 2 cores). Here the timing
 * of each report runs on a loop that does nothing else, so the figure is the server's (and the machine's).
 *
 * Open loop: one report every PERIOD_S / trackers seconds whatever the answers take, first for `warmupS` (not
 * measured), then for `seconds`: the start of that window is posted (`started`), each of its reports before it
 * is sent (`sent`: the move a panel should see), and the end posts the figures (`done`).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { osmandRequest } from '../../apps/server/src/modules/positions/osmandClient.js';

export interface TrackerSpec {
  code: string;
  secret: string;
  resourceId: number;
  lat: number;
  lon: number;
}
export interface TrackerLoadInput {
  trackers: TrackerSpec[];
  urls: string[];
  periodS: number;
  seconds: number;
  /** seconds of reports before the measured window (their answer times are returned apart) */
  warmupS: number;
}
export type TrackerLoadMessage =
  | { type: 'started'; at: number }
  | { type: 'sent'; key: string; at: number }
  | {
      type: 'done';
      reports: number;
      /** every measured report's answer time */
      ingestMs: number[];
      /** the warm-up's answer times, and its failed reports */
      warmupMs: number[];
      warmupFailed: number;
      refused: number;
      failed: number;
      statuses: [number | string, number][];
      sendingEndedAt: number;
      loop: { p50: number; p99: number; max: number };
    };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run({ trackers, urls, periodS, seconds, warmupS }: TrackerLoadInput) {
  const post = (m: TrackerLoadMessage) => parentPort!.postMessage(m);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const ingestMs: number[] = [];
  const warmupMs: number[] = [];
  let warmupFailed = 0;
  let refused = 0;
  let failed = 0;
  const statuses = new Map<number | string, number>();
  // the worker's fetch loads its HTTP client (undici) on the first call, while the first reports' timers
  // already run — the client's start-up, not the server's answer. One call to each server first.
  // A server still busy (a thousand panels connecting) may refuse that call: tried a few times, never fatal.
  await Promise.all(
    urls.map(async (url) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          return await (await fetch(`${url}/version.json`)).arrayBuffer();
        } catch {
          await sleep(2000);
        }
      }
    }),
  );
  const began = Date.now();
  const started = began + warmupS * 1000;
  let measuring = false;
  const gap = (periodS * 1000) / trackers.length;
  const inFlight: Promise<void>[] = [];
  let n = 0;
  let sent = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = began + sent * gap;
    if (due > Date.now()) await sleep(due - Date.now());
    const tr = trackers[sent % trackers.length];
    tr.lat = Math.min(50.9, Math.max(48.7, tr.lat + (Math.random() - 0.5) * 0.002));
    tr.lon = Math.min(18.6, Math.max(12.3, tr.lon + (Math.random() - 0.5) * 0.003));
    const lat = Math.round(tr.lat * 1e7) / 1e7;
    const req = osmandRequest(
      urls[sent % urls.length],
      { secret: tr.secret, id: tr.code },
      { latitude: lat, longitude: tr.lon, speed: 40 + Math.random() * 40, accuracy: 5, at: new Date() },
    );
    const warm = Date.now() < started;
    if (!warm && !measuring) {
      measuring = true;
      post({ type: 'started', at: Date.now() });
      loop.reset();
    }
    if (!warm) post({ type: 'sent', key: `${tr.resourceId}:${lat}`, at: Date.now() });
    const t0 = performance.now();
    inFlight.push(
      fetch(req.url)
        .then(async (res) => {
          const body = (await res.json()) as { result?: boolean };
          const ms = performance.now() - t0;
          if (warm) {
            warmupMs.push(ms);
            if (!res.ok) warmupFailed++;
            return;
          }
          ingestMs.push(ms);
          if (!res.ok) {
            failed++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          } else if (!body.result) refused++;
        })
        .catch((err: Error) => {
          if (warm) {
            warmupFailed++;
            return;
          }
          failed++;
          const why = (err.cause as Error | undefined)?.message ?? err.message;
          statuses.set(why, (statuses.get(why) ?? 0) + 1);
        }),
    );
    sent++;
    if (!warm) n++;
  }
  const sendingEndedAt = Date.now();
  await Promise.all(inFlight);
  loop.disable();
  post({
    type: 'done',
    reports: n,
    ingestMs,
    warmupMs,
    warmupFailed,
    refused,
    failed,
    statuses: [...statuses],
    sendingEndedAt,
    loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  });
}

if (parentPort) await run(workerData as TrackerLoadInput);
