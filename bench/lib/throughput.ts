/**
 * The mixed benchmark's throughput phases (bench/mixed.bench.ts): autocannon on GET /version.json and on a
 * panel's POST /v2/app while the mixed load still runs, so the ratios are of the same moment.
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

/** How long and with how many connections each phase runs; `fixed` adds the two fixed-body phases. */
export interface ThroughputOptions {
  seconds: number;
  connections: number;
  fixed: boolean;
}

/** autocannon for `seconds` with `connections` connections, as the issue measured. */
async function cannon(o: ThroughputOptions, opts: autocannon.Options): Promise<CannonFigures> {
  const result = await autocannon({ connections: o.connections, duration: o.seconds, ...opts });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * The throughput phases (the mixed load still running): /version.json, a panel's poll holding the newest uid
 * any answer carried (an up-to-date panel, whose every poll after a position batch is a delta of it), and one
 * holding the revision before that (a change behind). Plain answers (autocannon sends no Accept-Encoding).
 */
export async function throughput(url: string, s: BenchSession, o: ThroughputOptions) {
  const version = await cannon(o, { url: `${url}/version.json` });
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
  const upToDate = await cannon(o, poll(0));
  const behind = await cannon(o, poll(1));
  const eightBehind = await behindBy(url, s, o, 8_000);
  // as a browser asks (its answers are not read here, so they may come compressed): 8 s of positions are
  // ~100 kB of JSON, and plain they measure the copying of bytes more than the server
  const eightBehindBr = await behindBy(url, s, o, 8_000, BROWSER_ENCODINGS);
  // as the issue measured (a fixed request body): the uid of the phase's start, further behind with every batch
  const fixed = (n: number): autocannon.Options => ({
    url: `${url}/v2/app`,
    method: 'POST',
    headers: panelHeaders(s),
    body: `{"uid":"${before(newest, n)}"}`,
  });
  const fixedUpToDate = o.fixed ? await cannon(o, fixed(0)) : null;
  const fixedBehind = o.fixed ? await cannon(o, fixed(1)) : null;
  return { version, upToDate, behind, eightBehind, eightBehindBr, fixedUpToDate, fixedBehind };
}

/**
 * A panel `lagMs` behind (issue 28 item 1: a panel without its socket polls every 8 s): each request holds the
 * uid the server answered `lagMs` earlier. A sampler asks for the newest uid every 250 ms during the warm-up of
 * `lagMs` and the phase; the panel is answered a delta of every position batch of those seconds.
 */
async function behindBy(url: string, s: BenchSession, o: ThroughputOptions, lagMs: number, encodings?: string) {
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
  const uidAgo = () => {
    const wanted = Date.now() - lagMs;
    let uid = timeline[0].uid;
    for (const t of timeline) if (t.at <= wanted) uid = t.uid;
    return uid;
  };
  try {
    return await cannon(o, {
      url,
      requests: [
        {
          method: 'POST',
          path: '/v2/app',
          headers: encodings ? { ...panelHeaders(s), 'accept-encoding': encodings } : panelHeaders(s),
          setupRequest: (req) => ({ ...req, body: `{"uid":"${uidAgo()}"}` }),
        },
      ],
    });
  } finally {
    sampling = false;
    await sampler;
    agent.destroy();
  }
}
