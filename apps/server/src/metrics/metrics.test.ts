/**
 * /metrics (issue 23): each series moves when its work happens — a wrong login, a throttled one, an accepted and
 * a refused position, a full/unchanged/delta poll and the shared delta, a database error — labels are route
 * templates (never a tracker's secret), the main port answers only with the token, and the loopback listener
 * answers and survives a port that is taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, type TestSession } from '../test/factory.js';
import { navigationUnitsWithSecrets } from '../modules/positions/positions.fixtures.js';
import { osmandRequest } from '../modules/positions/osmandClient.js';
import { positionIngestOf } from '../modules/positions/ingest.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { startMetricsListener } from './listener.js';
import type { PushHub, PushSpanRecord } from '../context.js';
import { METRICS_TIMING } from './plugin.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** `name{labels} value` lines of a scrape → value of the series whose name and labels contain all of `parts` */
function valueOf(scrape: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = scrape
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

describe('metrics', () => {
  let t: TestApp;
  let dispecer: TestSession;

  beforeAll(async () => {
    METRICS_TIMING.trackersCacheMs = 0; // every scrape counts the trackers anew
    t = await createTestApp({ config: { metrics: { port: null, host: '127.0.0.1', token: TOKEN } } });
    dispecer = await login(t.app, 'dispecer');
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('the main port answers /metrics only with the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: expect.stringMatching(/token/) });
    const text = await scrape();
    // the default metrics: memory, event-loop lag, GC
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^# TYPE nodejs_gc_duration_seconds histogram/m);
  });

  it('login failures and throttled logins', async () => {
    const before = await scrape();
    const wrong = () =>
      t.app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        headers: { 'app-code': 'panel' },
        payload: { username: 'nikdo-metriky', password: 'wrong-password' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await wrong()).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const after = await scrape();
    expect(valueOf(after, 'panel_login_failures_total') - valueOf(before, 'panel_login_failures_total')).toBe(5);
    expect(valueOf(after, 'panel_login_throttled_total') - valueOf(before, 'panel_login_throttled_total')).toBe(1);
  });

  it('positions accepted and refused by reason; the request label is the route template', async () => {
    const [unit] = await navigationUnitsWithSecrets(t, 1);
    const before = await scrape();
    const send = (accuracy: number) =>
      t.app.inject(
        osmandRequest('', { secret: unit.secret, id: unit.code }, { latitude: 50.08, longitude: 14.43, accuracy }),
      );
    expect((await send(10)).json()).toMatchObject({ positions: [{ status: 'accepted' }] });
    expect((await send(5000)).json()).toMatchObject({ positions: [{ status: 'refused', reason: 'inaccurate' }] });
    const bad = await t.app.inject({ method: 'GET', url: '/v2/positions/osmand/not-a-secret?id=x&lat=50&lon=14' });
    expect(bad.statusCode).toBe(401);
    await positionIngestOf(t.app.deps).flush();
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      valueOf(after, 'panel_positions_total', labels) - valueOf(before, 'panel_positions_total', labels);
    expect(moved({ outcome: 'accepted' })).toBe(1);
    expect(moved({ outcome: 'refused', reason: 'inaccurate' })).toBe(1);
    expect(moved({ outcome: 'refused', reason: 'unknownDevice' })).toBe(1);
    expect(moved({ outcome: 'refused', reason: 'future' })).toBe(0);
    expect(valueOf(after, 'panel_position_trackers')).toBeGreaterThanOrEqual(1);
    const route = { route: '/v2/positions/osmand/:secret', method: 'GET', status: '200' };
    expect(valueOf(after, 'panel_http_request_duration_seconds_count', route)).toBe(2);
    expect(after).not.toContain(unit.secret);
    expect(after).not.toContain('not-a-secret');
  });

  it('sync answers: full, unchanged, delta; shared-delta hit, extended and miss', async () => {
    const other = await login(t.app, 'jednotka');
    const pull = async (session: TestSession, uid: string | null) => {
      const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: session.headers, payload: { uid } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { uid: string }).uid;
    };
    let last = await scrape();
    /** how far a series moved since the previous call */
    const moved = async (name: string, labels: Record<string, string>) => {
      const now = await scrape();
      const delta = valueOf(now, name, labels) - valueOf(last, name, labels);
      last = now;
      return delta;
    };
    const pullBundle = async (session: TestSession) =>
      (
        await t.app.inject({ method: 'POST', url: '/v2/app', headers: session.headers, payload: { uid: null } })
      ).json() as { events: { id: number }[] };
    const eventIdOf = (bundle: { events: { id: number }[] }) => bundle.events[0].id;
    const uid = await pull(dispecer, null);
    expect(await moved('panel_sync_answers_total', { kind: 'full' })).toBe(1);
    expect(await pull(dispecer, uid)).toBe(uid);
    expect(await moved('panel_sync_answers_total', { kind: 'unchanged' })).toBe(1);
    // a change: a tracker's position, written by the write-behind batch
    const [unit] = await navigationUnitsWithSecrets(t, 2).then((u) => u.slice(1));
    const fix = { latitude: 49.9, longitude: 15.1, accuracy: 10 };
    await t.app.inject(osmandRequest('', { secret: unit.secret, id: unit.code }, fix));
    await positionIngestOf(t.app.deps).flush();
    await scrape().then((now) => (last = now));
    // two panels one change behind: one span made from the positions alone, nothing read (extended), the second
    // panel's from the shared cache (hit)
    const moved1 = await pull(dispecer, uid);
    expect(moved1).not.toBe(uid);
    await pull(other, uid);
    let now = await scrape();
    const since = (name: string, labels: Record<string, string>) =>
      valueOf(now, name, labels) - valueOf(last, name, labels);
    expect(since('panel_sync_answers_total', { kind: 'delta' })).toBe(2);
    expect(since('panel_sync_shared_delta_total', { result: 'extended' })).toBe(1);
    expect(since('panel_sync_shared_delta_total', { result: 'miss' })).toBe(0);
    expect(since('panel_sync_shared_delta_total', { result: 'hit' })).toBe(1);
    last = now;
    // a message: its data is read (miss)
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v2/messages',
      headers: dispecer.headers,
      payload: { eventId: eventIdOf(await pullBundle(dispecer)), messageCategoryId: 1, content: 'metriky' },
    });
    expect(sent.statusCode).toBe(201);
    await pull(dispecer, moved1);
    now = await scrape();
    expect(since('panel_sync_shared_delta_total', { result: 'miss' })).toBe(1);
  });

  it('push spans: each finished span observed once, by kind', async () => {
    // the hub's ring of finished spans (realtime/hub.ts); the test app's hub has no sockets, so it is played here
    const spans: PushSpanRecord[] = [];
    const pushes = { invalidate: 0, delta: 0, device: 0, sessionEnded: 0 };
    (t.hub as PushHub).stats = () => ({ sockets: 0, pushes, spans: [...spans] });
    try {
      const count = (text: string, kind: string) => valueOf(text, 'panel_push_span_seconds_count', { kind });
      const before = await scrape();
      const steps = (queued: number, sessions: number, answers: number, writes: number) => ({
        queued,
        sessions,
        answers,
        writes,
      });
      const phase = (text: string, kind: string, p: string, le?: string) =>
        le
          ? valueOf(text, 'panel_push_span_phase_seconds_bucket', { kind, phase: p, le })
          : valueOf(text, 'panel_push_span_phase_seconds_count', { kind, phase: p }) || 0;
      spans.push(
        { seq: 1, kind: 'write', seconds: 0.04, phases: steps(0.001, 0.004, 0.015, 0.02) },
        { seq: 2, kind: 'moves', seconds: 0.3, phases: steps(0.2, 0.01, 0.03, 0.06) },
      );
      const first = await scrape();
      expect(count(first, 'write') - (count(before, 'write') || 0)).toBe(1);
      expect(count(first, 'moves') - (count(before, 'moves') || 0)).toBe(1);
      expect(valueOf(first, 'panel_push_span_seconds_bucket', { kind: 'write', le: '0.05' })).toBe(1);
      expect(valueOf(first, 'panel_push_span_seconds_bucket', { kind: 'moves', le: '0.25' })).toBe(0);
      // where each span's time went, step by step, in the same scrape
      for (const p of ['queued', 'sessions', 'answers', 'writes']) {
        expect(phase(first, 'write', p) - phase(before, 'write', p)).toBe(1);
        expect(phase(first, 'moves', p) - phase(before, 'moves', p)).toBe(1);
      }
      expect(phase(first, 'write', 'answers', '0.01')).toBe(0);
      expect(phase(first, 'write', 'answers', '0.025')).toBe(1);
      expect(phase(first, 'moves', 'queued', '0.1')).toBe(0);
      // the ring still holds them at the next scrape: not counted twice; a new span is
      spans.push({ seq: 3, kind: 'write', seconds: 1.5, phases: steps(1, 0.1, 0.2, 0.2) });
      const second = await scrape();
      expect(count(second, 'write')).toBe(count(first, 'write') + 1);
      expect(count(second, 'moves')).toBe(count(first, 'moves'));
      expect(phase(second, 'write', 'queued')).toBe(phase(first, 'write', 'queued') + 1);
      expect(phase(second, 'moves', 'writes')).toBe(phase(first, 'moves', 'writes'));
    } finally {
      delete (t.hub as PushHub).stats;
    }
  });

  it('database, pool and Redis state; unknown routes as one label', async () => {
    await t.app.inject({ method: 'GET', url: '/v2/no-such-thing/12345' });
    const text = await scrape();
    expect(valueOf(text, 'panel_database_up')).toBe(1);
    expect(valueOf(text, 'panel_db_pool_waiting')).toBe(0);
    expect(valueOf(text, 'panel_redis_state', { state: 'off' })).toBe(1);
    expect(valueOf(text, 'panel_redis_state', { state: 'down' })).toBe(0);
    expect(valueOf(text, 'panel_sockets_connected')).toBe(0);
    expect(text).toMatch(/panel_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} \d/);
    expect(text).not.toContain('no-such-thing');
  });

  it('without METRICS_TOKEN /metrics on the main port is 404 {message}, never the panel; database errors counted', async () => {
    // its own app without a token, with routes that fail as the database fails (a refused row, a dropped connection)
    const config = { ...loadConfig({ DATA_DIR: ':memory:', ENVIRONMENT: 'test', MAP_LAYERS: '{}' }) };
    config.metrics = { port: null, host: '127.0.0.1' };
    const handle = await openDatabase({ dataDir: ':memory:' });
    const app = await buildApp({ config, db: handle.db });
    const open = { config: { public: true, withoutDatabase: true } };
    app.get('/test/unique', open, async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('duplicate key'), { code: '23505' }),
      });
    });
    app.get('/test/dropped', open, async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { name: 'Error' });
    });
    try {
      await app.ready();
      const unique = await app.inject({ method: 'GET', url: '/test/unique' });
      expect(unique.statusCode).toBe(409);
      const dropped = await app.inject({ method: 'GET', url: '/test/dropped' });
      expect(dropped.statusCode).toBe(503);
      for (const headers of [{ accept: 'text/html' }, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
      const text = await app.metrics.registry.metrics();
      expect(valueOf(text, 'panel_db_query_errors_total', { class: '23' })).toBe(1);
      expect(valueOf(text, 'panel_db_query_errors_total', { class: 'connection' })).toBe(1);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('the loopback listener answers /metrics; a taken port is a warning, not a failure', async () => {
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_o: object, m: string) => void warnings.push(m) };
    const first = await startMetricsListener({ registry: t.app.metrics.registry, host: '127.0.0.1', port: 0, log });
    try {
      expect(first.port).toBeGreaterThan(0);
      const res = await fetch(`http://127.0.0.1:${first.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^panel_database_up 1$/m);
      expect((await fetch(`http://127.0.0.1:${first.port}/other`)).status).toBe(404);
      const second = await startMetricsListener({
        registry: t.app.metrics.registry,
        host: '127.0.0.1',
        port: first.port!,
        log,
      });
      expect(second.port).toBeNull();
      expect(warnings.join('\n')).toMatch(/EADDRINUSE.*METRICS_PORT/);
      await second.close();
    } finally {
      await first.close();
    }
  });
});
