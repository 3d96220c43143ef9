/**
 * One load-generator process of `panels.bench.ts` (forked with `--import tsx`): its share of the panels, each
 * polling POST /v2/app every `periodMs` at its own phase (panel g of N starts at g/N of the period, so the
 * polls are spread evenly, as real panels' are), with the uid of its last answer. Like the web's sync engine a
 * panel has one request at a time: a tick that finds its request still pending is counted as skipped. A
 * request unanswered within `timeoutMs` is a timeout. Answers are asked for gzip (as a browser does) and
 * decompressed for their uid. Sends back latencies, errors, how late the ticks fired (the generator's own
 * lag: it must stay small, else the generator is the bottleneck) and its CPU time.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { panelHeaders, request, type BenchSession } from './http.js';

export interface PollJob {
  url: string;
  sessions: BenchSession[];
  /** global index of the first session and the total number of panels (for the phases) */
  offset: number;
  total: number;
  uid: string;
  periodMs: number;
  timeoutMs: number;
  /** epoch ms: when the schedule starts, and until when */
  startAt: number;
  measureFrom: number;
  endAt: number;
  connections: number;
}

export interface PollResult {
  latencies: number[];
  /** answers that carried changed rows (a delta with something in it) */
  deltas: number;
  errors: number;
  timeouts: number;
  skipped: number;
  lagP99: number;
  cpuMs: number;
  errorSamples: string[];
}

async function run(job: PollJob): Promise<PollResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections, scheduling: 'fifo' });
  const result: PollResult = {
    latencies: [],
    deltas: 0,
    errors: 0,
    timeouts: 0,
    skipped: 0,
    lagP99: 0,
    cpuMs: 0,
    errorSamples: [],
  };
  const lags: number[] = [];
  const cpu0 = process.cpuUsage();
  const inFlight = new Set<Promise<void>>();

  const panels = job.sessions.map((s, i) => ({
    headers: { ...panelHeaders(s), 'accept-encoding': 'gzip' },
    uid: job.uid,
    pending: false,
    phase: ((job.offset + i) / job.total) * job.periodMs,
  }));

  const poll = async (p: (typeof panels)[number], measured: boolean) => {
    p.pending = true;
    const t = performance.now();
    try {
      const res = await request(agent, `${job.url}/v2/app`, {
        method: 'POST',
        headers: p.headers,
        body: JSON.stringify({ uid: p.uid }),
        timeoutMs: job.timeoutMs,
      });
      const elapsed = performance.now() - t;
      if (res.status !== 200) {
        if (measured) {
          result.errors++;
          if (result.errorSamples.length < 5) {
            result.errorSamples.push(`${res.status} ${res.body.toString().slice(0, 120)}`);
          }
        }
        return;
      }
      const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body).toString();
      const body = JSON.parse(text) as { uid: string; events?: unknown[]; messages?: unknown[] };
      p.uid = body.uid;
      if (measured) {
        result.latencies.push(elapsed);
        if ((body.events?.length ?? 0) > 0 || (body.messages?.length ?? 0) > 0) result.deltas++;
      }
    } catch (error) {
      if (!measured) return;
      if ((error as { code?: string }).code === 'BENCH_TIMEOUT') result.timeouts++;
      else {
        result.errors++;
        if (result.errorSamples.length < 5) result.errorSamples.push(String((error as Error).message));
      }
    } finally {
      p.pending = false;
    }
  };

  // one scheduler: every panel's next tick in a ring, checked every few ms (10,000 setIntervals would drift)
  const order = panels.map((p, i) => ({ i, next: job.startAt + p.phase })).sort((a, b) => a.next - b.next);
  await new Promise<void>((done) => {
    let cursor = 0;
    const timer = setInterval(() => {
      const now = Date.now();
      if (now >= job.endAt) {
        clearInterval(timer);
        done();
        return;
      }
      // the ring is in time order: fire what is due, advance each by one period
      for (let k = 0; k < order.length; k++) {
        const slot = order[cursor];
        if (slot.next > now) break;
        const measured = slot.next >= job.measureFrom;
        if (measured) lags.push(now - slot.next);
        const p = panels[slot.i];
        if (p.pending) {
          if (measured) result.skipped++;
        } else {
          const pr = poll(p, measured);
          inFlight.add(pr);
          void pr.finally(() => inFlight.delete(pr));
        }
        slot.next += job.periodMs;
        cursor = (cursor + 1) % order.length;
      }
    }, 2);
  });
  await Promise.all(inFlight);
  agent.destroy();
  lags.sort((a, b) => a - b);
  result.lagP99 = lags[Math.floor(lags.length * 0.99)] ?? 0;
  const cpu = process.cpuUsage(cpu0);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  return result;
}

process.send!({ ready: true });
process.on('message', (job: PollJob) => {
  run(job).then(
    (r) => process.send!(r, undefined, {}, () => process.exit(0)),
    (e: Error) => {
      console.error(e);
      process.exit(1);
    },
  );
});
