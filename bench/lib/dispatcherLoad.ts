/**
 * The dispatchers of mixed.bench.ts: each a session of a central dispatcher (`dispecer`, logged in by
 * lib/logins.ts) writing in turn, every `periodMs` at its own phase: a chat message in one of the demo's open
 * events (POST /v2/messages with a client uuid, as the panel's outbox sends it), a change of that event
 * (PUT /v2/events/:id) and, every `newEventEvery`-th write, a new event (POST /v2/events). Light enough to run
 * on the bench's main thread (10 writers, a write every few seconds each). Each write's answer time is kept per
 * kind; a failed write is counted with its status.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { panelHeaders, request, type BenchSession } from './http.js';

export type WriteKind = 'message' | 'event change' | 'new event';

export interface DispatcherLoad {
  /** answer times per kind since the last take() */
  take(): { ms: Record<WriteKind, number[]>; errors: number; errorSamples: string[] };
  stop(): Promise<void>;
}

/** Events of the central base's bundle that this dispatcher may change (tried with one write each). */
async function writableEvents(agent: http.Agent, url: string, s: BenchSession, want: number): Promise<number[]> {
  const res = await request(agent, `${url}/v2/app`, {
    method: 'POST',
    headers: panelHeaders(s),
    body: JSON.stringify({ uid: null }),
  });
  if (res.status !== 200) throw new Error(`full bundle: ${res.status}`);
  const { events } = JSON.parse(res.body.toString()) as { events: { id: number }[] };
  const ok: number[] = [];
  for (const e of events) {
    if (ok.length >= want) break;
    const put = await request(agent, `${url}/v2/events/${e.id}`, {
      method: 'PUT',
      headers: panelHeaders(s),
      body: JSON.stringify({ description: 'bench' }),
    });
    if (put.status === 200) ok.push(e.id);
  }
  if (ok.length === 0) throw new Error(`no demo event ${s.username} may change`);
  return ok;
}

export async function startDispatchers(opts: {
  /** dispatcher i writes to urls[i % urls.length] */
  urls: string[];
  sessions: BenchSession[];
  periodMs: number;
  newEventEvery: number;
}): Promise<DispatcherLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.sessions.length * 2 });
  // a node still busy with the panels' arrival may reset a connection: the set-up is tried a few times
  let events: number[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      events = await writableEvents(agent, opts.urls[0], opts.sessions[0], opts.sessions.length);
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
  let ms: Record<WriteKind, number[]> = { message: [], 'event change': [], 'new event': [] };
  let errors = 0;
  let errorSamples: string[] = [];
  let stopping = false;

  const write = async (s: BenchSession, url: string, kind: WriteKind, eventId: number, n: number) => {
    const headers = panelHeaders(s);
    const call =
      kind === 'message'
        ? {
            path: '/v2/messages',
            method: 'POST',
            body: { uuid: randomUUID(), eventId, messageCategoryId: 1, content: `Hlášení ${n}` },
          }
        : kind === 'event change'
          ? { path: `/v2/events/${eventId}`, method: 'PUT', body: { description: `Upřesnění ${n}` } }
          : {
              path: '/v2/events',
              method: 'POST',
              body: { uuid: randomUUID(), eventCategoryId: 5, description: `Nová událost ${n}` },
            };
    const t = performance.now();
    try {
      const res = await request(agent, `${url}${call.path}`, {
        method: call.method,
        headers,
        body: JSON.stringify(call.body),
        timeoutMs: 30_000,
      });
      if (res.status >= 200 && res.status < 300) ms[kind].push(performance.now() - t);
      else {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`${kind} ${res.status} ${res.body.toString().slice(0, 120)}`);
      }
    } catch (error) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${(error as Error).message}`);
    }
  };

  const loops = opts.sessions.map(async (s, i) => {
    const url = opts.urls[i % opts.urls.length];
    const eventId = events[i % events.length];
    // dispatcher i of D starts at i/D of the period: the writes are spread, not in bursts
    await new Promise((r) => setTimeout(r, (i / opts.sessions.length) * opts.periodMs));
    for (let n = 1; !stopping; n++) {
      const due = performance.now() + opts.periodMs;
      const kind: WriteKind = n % opts.newEventEvery === 0 ? 'new event' : n % 3 === 0 ? 'event change' : 'message';
      await write(s, url, kind, eventId, n);
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
  });

  return {
    take() {
      const out = { ms, errors, errorSamples };
      ms = { message: [], 'event change': [], 'new event': [] };
      errors = 0;
      errorSamples = [];
      return out;
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}
