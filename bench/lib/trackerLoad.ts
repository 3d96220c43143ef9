/**
 * The trackers of positions.bench.ts, in a worker thread of their own: the bench's main thread also plays 200
 * panels (socket.io, a delta pull and its JSON per invalidation), and measured there the ingest's answer waited
 * for the client's own event loop (its delay p99 was 90–190 ms, max 300–480 ms, on 2 cores). Here the timing
 * of each report runs on a loop that does nothing else, so the figure is the server's (and the machine's).
 *
 * Open loop: one report every PERIOD_S / trackers seconds whatever the answers take. Each report is posted to
 * the parent before it is sent (`sent`: the move a panel should see); the end posts the figures (`done`).
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
}
export type TrackerLoadMessage =
  | { type: 'started'; at: number }
  | { type: 'sent'; key: string; at: number }
  | {
      type: 'done';
      reports: number;
      /** every report's answer time */
      ingestMs: number[];
      /** the same without each tracker's first report (a server that had not met the tracker asks the database) */
      steadyMs: number[];
      refused: number;
      failed: number;
      statuses: [number | string, number][];
      sendingEndedAt: number;
      loop: { p50: number; p99: number; max: number };
    };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run({ trackers, urls, periodS, seconds }: TrackerLoadInput) {
  const post = (m: TrackerLoadMessage) => parentPort!.postMessage(m);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const ingestMs: number[] = [];
  const steadyMs: number[] = [];
  let refused = 0;
  let failed = 0;
  const statuses = new Map<number | string, number>();
  const started = Date.now();
  post({ type: 'started', at: started });
  const gap = (periodS * 1000) / trackers.length;
  const inFlight: Promise<void>[] = [];
  let n = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = started + n * gap;
    if (due > Date.now()) await sleep(due - Date.now());
    const tr = trackers[n % trackers.length];
    tr.lat = Math.min(50.9, Math.max(48.7, tr.lat + (Math.random() - 0.5) * 0.002));
    tr.lon = Math.min(18.6, Math.max(12.3, tr.lon + (Math.random() - 0.5) * 0.003));
    const lat = Math.round(tr.lat * 1e7) / 1e7;
    const req = osmandRequest(
      urls[n % urls.length],
      { secret: tr.secret, id: tr.code },
      { latitude: lat, longitude: tr.lon, speed: 40 + Math.random() * 40, accuracy: 5, at: new Date() },
    );
    post({ type: 'sent', key: `${tr.resourceId}:${lat}`, at: Date.now() });
    const first = n < trackers.length;
    const t0 = performance.now();
    inFlight.push(
      fetch(req.url)
        .then(async (res) => {
          const body = (await res.json()) as { result?: boolean };
          const ms = performance.now() - t0;
          ingestMs.push(ms);
          if (!first) steadyMs.push(ms);
          if (!res.ok) {
            failed++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          } else if (!body.result) refused++;
        })
        .catch((err: Error) => {
          failed++;
          const why = (err.cause as Error | undefined)?.message ?? err.message;
          statuses.set(why, (statuses.get(why) ?? 0) + 1);
        }),
    );
    n++;
  }
  const sendingEndedAt = Date.now();
  await Promise.all(inFlight);
  loop.disable();
  post({
    type: 'done',
    reports: n,
    ingestMs,
    steadyMs,
    refused,
    failed,
    statuses: [...statuses],
    sendingEndedAt,
    loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  });
}

if (parentPort) await run(workerData as TrackerLoadInput);
