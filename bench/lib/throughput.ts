/**
 * The mixed benchmark's throughput phases (bench/mixed.bench.ts): autocannon on GET /version.json and on a
 * panel's POST /v2/app while the mixed load still runs, so the ratios are of the same moment. The phases run
 * interleaved, in `slices` rounds of a slice of each: one after another, 10 s each, a shared VM that answered
 * `/version.json` 1,031–2,303 times a second from one run to the next (30.11.2026) moved a phase's ratio by as much
 * between its start and its end; in rounds, such drift falls on every phase alike.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { panelHeaders, request, type BenchSession } from './http.js';

/** What Chromium sends with the panel's fetch. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface CannonFigures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * How long each phase runs in all (`seconds`, in `slices` slices) and with how many connections; `fixed` adds
 * the two fixed-body phases.
 */
export interface ThroughputOptions {
  seconds: number;
  slices: number;
  connections: number;
  fixed: boolean;
}

/** The slices of one phase as one figure: answers over the time they ran; the median p50 and the worst p99. */
function merged(slices: autocannon.Result[]): CannonFigures {
  const total = slices.reduce((n, r) => n + r.requests.total, 0);
  const seconds = slices.reduce((n, r) => n + r.duration, 0);
  const p50s = slices.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    perSecond: seconds > 0 ? total / seconds : 0,
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(0, ...slices.map((r) => r.latency.p99)),
    errors: slices.reduce((n, r) => n + r.errors, 0),
    non2xx: slices.reduce((n, r) => n + r.non2xx, 0),
  };
}

/** One slice of a phase: autocannon for `seconds / slices` with `connections` connections, as the issue measured. */
function slice(o: ThroughputOptions, opts: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: o.connections, duration: o.seconds / o.slices, ...opts });
}

/**
 * The throughput phases (the mixed load still running): /version.json, a panel's poll holding the newest uid
 * any answer carried (an up-to-date panel, whose every poll after a position batch is a delta of it), one
 * holding the revision before that (a change behind), and one 8 s behind, plain and compressed. Plain answers
 * unless said (autocannon sends no Accept-Encoding).
 */
export async function throughput(url: string, s: BenchSession, o: ThroughputOptions) {
  let newest = '';
  const first = await request(new http.Agent(), `${url}/v2/app`, {
    method: 'POST',
    headers: panelHeaders(s),
    body: JSON.stringify({ uid: null }),
  });
  newest = (JSON.parse(first.body.toString()) as { uid: string }).uid;
  const before = (uid: string, behind: number) => {
    const dot = uid.lastIndexOf('.');
    return `${uid.slice(0, dot)}.${Number(uid.slice(dot + 1)) - behind}`;
  };
  const poll = (behind: number): autocannon.Options => ({
    url,
    requests: [
      {
        method: 'POST',
        path: '/v2/app',
        headers: panelHeaders(s),
        setupRequest: (req) => ({ ...req, body: `{"uid":"${before(newest, behind)}"}` }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          // the uid is the answer's last but one key: read from the end, not by parsing a large delta
          const at = body.lastIndexOf('"uid":"');
          if (at < 0) return;
          const uid = body.slice(at + 7, body.indexOf('"', at + 7));
          if (Number(uid.slice(uid.lastIndexOf('.') + 1)) > Number(newest.slice(newest.lastIndexOf('.') + 1))) {
            newest = uid;
          }
        },
      },
    ],
  });
  const lag = await uidsAgo(url, s, 8_000);
  const behindBy = (encodings?: string): autocannon.Options => ({
    url,
    requests: [
      {
        method: 'POST',
        path: '/v2/app',
        headers: encodings ? { ...panelHeaders(s), 'accept-encoding': encodings } : panelHeaders(s),
        setupRequest: (req) => ({ ...req, body: `{"uid":"${lag.uidAgo()}"}` }),
      },
    ],
  });
  // as the issue measured (a fixed request body): the uid of the slice's start, further behind with every batch
  const fixed = (n: number): autocannon.Options => ({
    url: `${url}/v2/app`,
    method: 'POST',
    headers: panelHeaders(s),
    body: `{"uid":"${before(newest, n)}"}`,
  });
  const phases = {
    version: () => ({ url: `${url}/version.json` }),
    upToDate: () => poll(0),
    behind: () => poll(1),
    eightBehind: () => behindBy(),
    // as a browser asks (its answers are not read here, so they may come compressed): 8 s of positions are
    // ~100 kB of JSON, and plain they measure the copying of bytes more than the server
    eightBehindBr: () => behindBy(BROWSER_ENCODINGS),
    ...(o.fixed ? { fixedUpToDate: () => fixed(0), fixedBehind: () => fixed(1) } : {}),
  };
  const results = new Map<string, autocannon.Result[]>(Object.keys(phases).map((name) => [name, []]));
  try {
    for (let round = 0; round < o.slices; round++) {
      for (const [name, options] of Object.entries(phases)) results.get(name)!.push(await slice(o, options()));
    }
  } finally {
    await lag.stop();
  }
  const figures = (name: string) => merged(results.get(name)!);
  return {
    version: figures('version'),
    upToDate: figures('upToDate'),
    behind: figures('behind'),
    eightBehind: figures('eightBehind'),
    eightBehindBr: figures('eightBehindBr'),
    fixedUpToDate: o.fixed ? figures('fixedUpToDate') : null,
    fixedBehind: o.fixed ? figures('fixedBehind') : null,
  };
}

/**
 * The uid a panel `lagMs` behind holds (issue 28 item 1: a panel without its socket polls every 8 s): the one
 * the server answered `lagMs` earlier. A sampler asks for the newest uid every 250 ms, from `lagMs` before the
 * first slice to the end of the last; such a panel is answered a delta of every position batch of those seconds.
 */
async function uidsAgo(url: string, s: BenchSession, lagMs: number) {
  const agent = new http.Agent({ keepAlive: true });
  const timeline: { at: number; uid: string }[] = [];
  let newest: string | null = null;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const res = await request(agent, `${url}/v2/app`, {
        method: 'POST',
        headers: panelHeaders(s),
        body: JSON.stringify({ uid: newest }),
      });
      if (res.status === 200) {
        const body = res.body.toString();
        const at = body.lastIndexOf('"uid":"');
        newest = body.slice(at + 7, body.indexOf('"', at + 7));
        timeline.push({ at: Date.now(), uid: newest });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, lagMs));
  return {
    uidAgo() {
      const wanted = Date.now() - lagMs;
      let uid = timeline[0].uid;
      for (const t of timeline) if (t.at <= wanted) uid = t.uid;
      return uid;
    },
    async stop() {
      sampling = false;
      await sampler;
      agent.destroy();
    },
  };
}
