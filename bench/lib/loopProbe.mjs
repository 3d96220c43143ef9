/**
 * A benchmark's eye inside a server process (positions.bench.ts, BENCH_PROBE=1): loaded with
 * `node --import bench/lib/loopProbe.mjs` so the server's code stays untouched. Plain JavaScript because
 * NODE_OPTIONS imports run before the server's own `--import tsx`.
 *
 * Every second it appends one JSON line to `$PANEL_LOOP_PROBE.<pid>`:
 * - the main thread's event-loop delay that second (monitorEventLoopDelay: p50/p99/max ms) and its utilisation
 *   (the share of the second spent running JavaScript, not waiting for I/O);
 * - per kind of request (`ingest` = /v2/positions/osmand|traccar, `delta` = POST /v2/app, `other`) how many
 *   finished, their summed and largest server time, and for the ingest each time (ms, from the 'request' event
 *   — headers parsed — to the answer's last byte handed to the kernel);
 * - the slowest stretches the loop spent without turning (a 1 ms interval's lateness above 10 ms), with the
 *   requests that were in flight meanwhile, to say what held it; each with its end on the monotonic clock a CPU
 *   profile's samples use (`endUs`), so the samples inside it can be found, and with PANEL_SQL_PROF the
 *   statements that ran in it (`sql`).
 * - the V8 heap in use at the end of the second (`heapMb`: a leak of JavaScript objects grows it; RSS alone
 *   does not say where);
 * - the garbage collector's pauses that second: scavenges (young generation) and mark-compacts (the whole heap),
 *   their summed and longest time, each a pause of this thread.
 * With `PANEL_SQL_PROF=1` it times each synchronous PGlite call (the embedded database runs SQL in this thread)
 * by statement, and adds the statements that held the loop longest that second to the line (`sql`).
 * With `PANEL_CPU_PROF=<file>` it also records a V8 CPU profile (`--cpu-prof` is not allowed in NODE_OPTIONS)
 * and writes it when the process gets SIGTERM (the benchmark ends the server that way before killing it).
 */
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import { monitorEventLoopDelay, performance, PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = process.env.PANEL_LOOP_PROBE ? `${process.env.PANEL_LOOP_PROBE}.${process.pid}` : null;

if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let elu = performance.eventLoopUtilization();
  const kinds = () => ({ n: 0, sumMs: 0, maxMs: 0 });
  const gcs = () => ({ minor: 0, minorMs: 0, major: 0, majorMs: 0, majorMaxMs: 0 });
  const fresh = () => ({
    ingest: kinds(),
    delta: kinds(),
    other: kinds(),
    ingestMs: [],
    stalls: [],
    sql: new Map(),
    gc: gcs(),
  });
  let second = fresh();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const g = second.gc;
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        g.major += 1;
        g.majorMs += entry.duration;
        g.majorMaxMs = Math.max(g.majorMaxMs, entry.duration);
      } else {
        g.minor += 1;
        g.minorMs += entry.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  const inFlight = new Map(); // kind → count
  /** the last statements run (PANEL_SQL_PROF): a stall lists those that ran inside it */
  const recentSql = [];

  const kindOf = (req) =>
    req.url?.startsWith('/v2/positions/osmand') || req.url?.startsWith('/v2/positions/traccar')
      ? 'ingest'
      : req.method === 'POST' && req.url?.startsWith('/v2/app')
        ? 'delta'
        : 'other';

  if (process.env.PANEL_SQL_PROF) {
    // the statement text of a protocol message: Parse ('P' len name\0 sql\0) or Query ('Q' len sql\0); a Bind/
    // Execute without Parse belongs to the statement parsed before it
    let lastSql = '?';
    const decoder = new TextDecoder();
    const sqlOf = (msg) => {
      const type = msg[0];
      if (type !== 80 && type !== 81) return lastSql;
      let i = 5;
      if (type === 80) while (i < msg.length && msg[i] !== 0) i++;
      const start = type === 80 ? i + 1 : 5;
      let end = start;
      while (end < msg.length && msg[end] !== 0 && end - start < 400) end++;
      return (lastSql = decoder.decode(msg.subarray(start, end)).replace(/\s+/g, ' ').slice(0, 110));
    };
    const { PGlite } = await import('@electric-sql/pglite');
    const raw = PGlite.prototype.execProtocolRawSync;
    PGlite.prototype.execProtocolRawSync = function (msg) {
      const t0 = performance.now();
      try {
        return raw.call(this, msg);
      } finally {
        const ms = performance.now() - t0;
        const text = sqlOf(msg);
        recentSql.push({ at: t0, ms, text });
        if (recentSql.length > 200) recentSql.splice(0, 100);
        const s = second.sql.get(text) ?? { n: 0, ms: 0, max: 0 };
        s.n += 1;
        s.ms += ms;
        if (ms > s.max) s.max = ms;
        second.sql.set(text, s);
      }
    };
  }

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res) {
    if (event === 'request') {
      const kind = kindOf(req);
      const t0 = performance.now();
      inFlight.set(kind, (inFlight.get(kind) ?? 0) + 1);
      res.once('finish', () => {
        const ms = performance.now() - t0;
        const k = second[kind];
        k.n += 1;
        k.sumMs += ms;
        if (ms > k.maxMs) k.maxMs = ms;
        if (kind === 'ingest') second.ingestMs.push(Math.round(ms * 10) / 10);
        inFlight.set(kind, inFlight.get(kind) - 1);
      });
    }
    return emit.apply(this, arguments);
  };

  // lateness of a 1 ms tick: how long the loop did not turn, and what was in flight when it did
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 1;
    last = now;
    if (late > 10) {
      second.stalls.push({
        ms: Math.round(late),
        inFlight: Object.fromEntries(inFlight),
        heapMb: heapMb(),
        // the stall's end on the monotonic clock a CPU profile's timestamps use (µs), to find what ran in it
        endUs: Number(process.hrtime.bigint() / 1000n),
        ...(process.env.PANEL_SQL_PROF && {
          sql: recentSql.filter((q) => q.at >= now - late - 1).map((q) => `${q.ms.toFixed(1)} ${q.text.slice(0, 60)}`),
        }),
      });
    }
  }, 1).unref();

  // not process.memoryUsage(): it reads /proc for the RSS too, and under load it ran on every late tick (a
  // third of a second of the server's loop per 20 s in a CPU profile)
  const heapMb = () => Math.round(v8.getHeapStatistics().used_heap_size / 1048576);
  const ms = (ns) => Math.round(ns / 1e4) / 100;

  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const d = performance.eventLoopUtilization(now, elu);
    elu = now;
    second.stalls.sort((a, b) => b.ms - a.ms);
    const line = {
      t: Date.now(),
      loop: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      utilisation: Math.round(d.utilization * 100) / 100,
      heapMb: heapMb(),
      ingest: second.ingest,
      delta: second.delta,
      other: second.other,
      ingestMs: second.ingestMs,
      stalls: second.stalls.slice(0, process.env.PANEL_CPU_PROF ? 50 : 5),
      gc: {
        ...second.gc,
        minorMs: Math.round(second.gc.minorMs),
        majorMs: Math.round(second.gc.majorMs),
        majorMaxMs: Math.round(second.gc.majorMaxMs),
      },
      sql: [...second.sql]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 20)
        .map(([text, x]) => ({ text, n: x.n, ms: Math.round(x.ms), max: Math.round(x.max) })),
    };
    delay.reset();
    second = fresh();
    try {
      appendFileSync(file, JSON.stringify(line) + '\n');
    } catch {
      // a probe never breaks the server it watches
    }
  }, 1000).unref();
}

if (process.env.PANEL_CPU_PROF) {
  const target = `${process.env.PANEL_CPU_PROF}.${process.pid}.cpuprofile`;
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // an in-process inspector session answers synchronously: the profile is written before the server's own
  // SIGTERM handler starts draining
  process.once('SIGTERM', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) appendFileSync(target, JSON.stringify(result.profile));
    });
  });
}
