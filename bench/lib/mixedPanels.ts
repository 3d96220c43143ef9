/**
 * One panel process of mixed.bench.ts (forked with `--import tsx`): its share of the panels, each as the web
 * panel runs (apps/web/src/features/sync/syncEngine.ts, realtime.ts): a socket.io connection with `pushDeltas: true`
 * subscribed to its base and group channels, a pushed delta taken at its `from` (else a pull), and a
 * POST /v2/app with its uid every `periodMs` (AUTO_REFRESH_PERIOD, 8 s) at its own phase, from when it
 * connected (the panels come in over `rampMs`). The sync state is
 * lib/panelSync.ts, with `inflate: false`: a compressed push is taken without inflating it (2,000 panels
 * inflating ~50 kB of JSON a second each would cost the shared cores more than the server's side of it; the
 * server does the same work either way).
 *
 * Messages: the parent sends the job; on `report` the process answers with the latencies and counters since the
 * last report (and resets them), so a soak can read the run in segments; on `stop` it closes and exits.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { panelHeaders, request, type BenchSession } from './http.js';
import { createPanelSync, emptyCounts, listen, type PanelSync } from './panelSync.js';

export interface MixedPanelJob {
  /** panel i talks to urls[(offset + i) % urls.length] (two nodes: the panels split over both) */
  urls: string[];
  sessions: BenchSession[];
  offset: number;
  total: number;
  uid: string;
  periodMs: number;
  /** the panels come in over this long, panel g of N at g/N of it */
  rampMs: number;
  timeoutMs: number;
  connections: number;
}

export interface MixedPanelReport {
  /** POST /v2/app answer times (ms): the periodic polls and the pulls after a push that could not be applied */
  pollMs: number[];
  errors: number;
  timeouts: number;
  errorSamples: string[];
  pushes: number;
  applied: number;
  pulls: number;
  connected: number;
  cpuMs: number;
  /** how late the ring scheduler fired the ticks (p99 ms): the generator's own lag */
  lagP99: number;
}

type Message = { type: 'job'; job: MixedPanelJob } | { type: 'report' } | { type: 'stop' };

interface Panel {
  sync: PanelSync;
  socket: Socket;
}

function run(job: MixedPanelJob) {
  const agents = job.urls.map(
    () => new http.Agent({ keepAlive: true, maxSockets: job.connections, scheduling: 'fifo' }),
  );
  let report = fresh();
  let cpu0 = process.cpuUsage();
  let lags: number[] = [];
  function fresh(): MixedPanelReport {
    return {
      pollMs: [],
      errors: 0,
      timeouts: 0,
      errorSamples: [],
      pushes: 0,
      applied: 0,
      pulls: 0,
      connected: 0,
      cpuMs: 0,
      lagP99: 0,
    };
  }
  const failed = (why: string) => {
    report.errors++;
    if (report.errorSamples.length < 5) report.errorSamples.push(why);
  };

  const panels: Panel[] = job.sessions.map((session, i) => {
    const node = (job.offset + i) % job.urls.length;
    const url = job.urls[node];
    const headers = { ...panelHeaders(session), 'accept-encoding': 'gzip' };
    const sync = createPanelSync({
      uid: job.uid,
      inflate: false,
      pull: async (uid) => {
        const t = performance.now();
        try {
          const res = await request(agents[node], `${url}/v2/app`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ uid }),
            timeoutMs: job.timeoutMs,
          });
          if (res.status !== 200) {
            failed(`${res.status} ${res.body.toString().slice(0, 120)}`);
            return null;
          }
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body).toString();
          const body = JSON.parse(text) as { uid: string };
          report.pollMs.push(performance.now() - t);
          return body;
        } catch (error) {
          if ((error as { code?: string }).code === 'BENCH_TIMEOUT') report.timeouts++;
          else failed((error as Error).message);
          return null;
        }
      },
    });
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: session.token, instance: session.instance, appCode: 'panel', pushDeltas: true },
      autoConnect: false,
    });
    socket.on('connect', () => {
      for (const channel of session.channels) socket.emit('subscribe', { channel });
    });
    listen(socket, sync);
    return { sync, socket };
  });

  // the panels come in over `rampMs`, panel g of N at g/N of it (2,000 handshakes at once held a node's loop
  // so long that it accepted no connection for 10 s; 2,000 in 8 s still saturated one node for over a
  // minute), and each polls every period from its arrival, as real panels opened at different times do; one
  // scheduler for every tick (thousands of setIntervals would drift). It looks at every panel each tick: a ring
  // that stopped at the first panel not yet due held back the panels after it whenever the ramp was longer
  // than the period (the 32 s ramp and 8 s period of the defaults: ticks up to 24 s late, polls in bursts)
  const startAt = Date.now() + 200;
  const arrival = (i: number) => startAt + ((job.offset + i) / job.total) * job.rampMs;
  const connected = panels.map(
    (p, i) =>
      new Promise<void>((resolve) => {
        p.socket.once('connect', () => resolve());
        setTimeout(() => p.socket.connect(), arrival(i) - Date.now());
      }),
  );
  const slots = panels.map((_, i) => ({ i, next: arrival(i) }));
  const ticker = setInterval(() => {
    const now = Date.now();
    for (const slot of slots) {
      if (slot.next > now) continue;
      lags.push(now - slot.next);
      void panels[slot.i].sync.pull(); // a tick while a pull is pending asks for one more after it, as the web
      slot.next += job.periodMs;
    }
  }, 2);

  return {
    /** every socket connected (or a minute after the ramp: the run goes on and counts what is missing) */
    ready: Promise.race([Promise.all(connected), new Promise((r) => setTimeout(r, job.rampMs + 60_000))]),
    report(): MixedPanelReport {
      const out = report;
      for (const { sync, socket } of panels) {
        out.pushes += sync.counts.pushes;
        out.applied += sync.counts.applied;
        out.pulls += sync.counts.pulls;
        Object.assign(sync.counts, emptyCounts());
        if (socket.connected) out.connected++;
      }
      const cpu = process.cpuUsage(cpu0);
      out.cpuMs = (cpu.user + cpu.system) / 1000;
      lags.sort((a, b) => a - b);
      out.lagP99 = lags[Math.floor(lags.length * 0.99)] ?? 0;
      report = fresh();
      cpu0 = process.cpuUsage();
      lags = [];
      return out;
    },
    stop() {
      clearInterval(ticker);
      for (const p of panels) p.socket.close();
      for (const a of agents) a.destroy();
    },
  };
}

let running: ReturnType<typeof run> | null = null;
process.on('message', (m: Message) => {
  if (m.type === 'job') {
    running = run(m.job);
    void running.ready.then(() => process.send!({ type: 'started' }));
  } else if (m.type === 'report' && running) process.send!({ type: 'report', report: running.report() });
  else if (m.type === 'stop') {
    running?.stop();
    process.exit(0);
  }
});
process.send!({ type: 'ready' });
