/**
 * Database faults against the real server process and a real PostgreSQL, the connection running through a
 * fault proxy (test/faultProxy.ts) that the test cuts and refuses. The shared PostgreSQL itself is never
 * touched: each run creates its own database. Skipped without DATABASE_URL.
 *
 * - writes in flight while the connection is cut: the process stays up, calls answer 503 with the Czech
 *   message and Retry-After, /readyz 503; after restore a call succeeds within 2 s; every acknowledged write is
 *   there and no refused write is half there (an event without its journal or change-log rows).
 * - a node started while the database refuses connections listens, answers 503, and becomes ready by itself.
 * - SIGTERM: a slow request in flight finishes, new calls are refused, the process exits 0 within 10 s.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../test/faultProxy.js';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase.js';
import { startServer, type ServerProcess } from '../test/serverProcess.js';
import { serverTexts } from '../texts.js';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.log('DATABASE_URL not set: database fault tests skipped');

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'app-code': 'panel',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: json, retryAfter: res.headers.get('retry-after') };
  } catch (error) {
    return { status: 0, body: String(error), retryAfter: null }; // connection refused or reset
  }
}

async function session(base: string, username: string): Promise<Record<string, string>> {
  const login = await call(base, 'POST', '/v2/auth/login', { username, password: 'panel-demo' });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const body = login.body as { message: string; instance: string; device: { id: number } };
  const headers = { authorization: `Bearer ${body.message}`, 'app-instance': body.instance };
  expect((await call(base, 'POST', '/v2/auth/device', { deviceId: body.device.id }, headers)).status).toBe(200);
  return headers;
}

const createEvent = (base: string, headers: Record<string, string>, uuid: string) =>
  call(base, 'POST', '/v2/events', { uuid, eventCategoryId: 5, description: `fault ${uuid.slice(0, 8)}` }, headers);

/** polls `probe` until it is true; answers the milliseconds it took, or fails after `deadlineMs` */
async function within(deadlineMs: number, probe: () => Promise<boolean>, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - start;
    if (Date.now() - start > deadlineMs) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!DATABASE_URL)('database faults (real server process, PostgreSQL through a fault proxy)', () => {
  let scratch: ScratchDatabase;
  let direct: pg.Client;
  let proxy: FaultProxy;
  const nodes: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(DATABASE_URL!, 'panel_faults');
    direct = new pg.Client({ connectionString: scratch.url });
    await direct.connect();
    const target = new URL(DATABASE_URL!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    env = {
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'demo',
      DATABASE_URL: proxy.proxyUrl(scratch.url),
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // the SIGTERM test's write is slow on purpose (300 ms per round trip); the budget is slowDatabase.test.ts'
      DB_CALL_BUDGET_MS: '0',
    };
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await proxy?.close();
    await direct?.end();
    await scratch?.drop();
  }, 60_000);

  it('a cut during writes: the process stays, 503 in Czech, ready again within 2 s, nothing lost or half-written', async () => {
    const node = await startServer(env);
    nodes.push(node);
    const headers = await session(node.url, 'dispecer');

    const results: { uuid: string; status: number }[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const uuid = randomUUID();
        const res = await createEvent(node.url, headers, uuid);
        results.push({ uuid, status: res.status });
        if (res.status === 503) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await within(30_000, async () => results.filter((r) => r.status < 300).length >= 8, 'writes before the cut');

    proxy.cut(); // every open connection dies mid-flight, new ones are refused
    const unavailable = await within(
      10_000,
      async () => (await createEvent(node.url, headers, randomUUID())).status === 503,
      'a 503 while cut',
    );
    expect(unavailable).toBeLessThan(10_000);
    const refused = await createEvent(node.url, headers, randomUUID());
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: serverTexts.databaseUnavailable });
    expect(refused.retryAfter).toBe('5');
    await within(5000, async () => (await call(node.url, 'GET', '/readyz')).status === 503, '/readyz 503 while cut');
    const readiness = await call(node.url, 'GET', '/readyz');
    expect(readiness.body).toMatchObject({ ready: false, database: 'down', migrated: true });
    expect((await call(node.url, 'GET', '/healthz')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500)); // an outage, not a blip: the writers keep hitting it
    expect(node.exitCode()).toBeNull();

    proxy.restore();
    const recovered = await within(
      2000,
      async () => (await createEvent(node.url, headers, randomUUID())).status < 300,
      'a successful write after restore',
    );
    expect(recovered).toBeLessThanOrEqual(2000);
    expect((await call(node.url, 'GET', '/readyz')).status).toBe(200);

    writing = false;
    await Promise.all(writers);
    expect(node.exitCode()).toBeNull();
    expect(results.some((r) => r.status === 503)).toBe(true);
    // only 2xx and 503: never a 500 for a database outage
    expect([...new Set(results.map((r) => r.status))].filter((s) => s >= 300 && s !== 503)).toEqual([]);

    const uuids = results.map((r) => r.uuid);
    const { rows } = await direct.query<{ uuid: string; journal: number; changes: number }>(
      `select e.uuid,
              (select count(*)::int from journal j where j.event_id = e.id) as journal,
              (select count(*)::int from change_log c where c.table_name = 'events' and c.row_id = e.id) as changes
         from events e where e.uuid = any($1::text[])`,
      [uuids],
    );
    const stored = new Map(rows.map((r) => [r.uuid, r]));
    const acknowledged = results.filter((r) => r.status < 300).map((r) => r.uuid);
    expect(acknowledged.filter((u) => !stored.has(u))).toEqual([]); // nothing acknowledged was lost
    for (const row of rows) {
      // whatever is there is whole: the event with its journal and change-log rows (one transaction)
      expect(row.journal, row.uuid).toBeGreaterThan(0);
      expect(row.changes, row.uuid).toBeGreaterThan(0);
    }
  }, 120_000);

  it('a node started while the database refuses connections listens, answers 503, and becomes ready by itself', async () => {
    proxy.refuse();
    const node = await startServer(env);
    nodes.push(node);
    try {
      expect(node.output()).toContain('Databáze je nedostupná');
      const ready = await call(node.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ready: false, database: 'starting', migrated: false, redis: 'off' });
      const login = await call(node.url, 'POST', '/v2/auth/login', { username: 'dispecer', password: 'panel-demo' });
      expect(login.status).toBe(503);
      expect(login.body).toEqual({ message: serverTexts.databaseUnavailable });
      expect((await call(node.url, 'GET', '/healthz')).status).toBe(200);
      expect((await call(node.url, 'GET', '/version.json')).status).toBe(200);
    } finally {
      proxy.restore();
    }
    // background tries are at most 2 s apart; preparing (migrations already applied) takes a moment more
    await within(15_000, async () => (await call(node.url, 'GET', '/readyz')).status === 200, 'ready after restore');
    const headers = await session(node.url, 'dispecer');
    expect((await call(node.url, 'POST', '/v2/app', { uid: null }, headers)).status).toBe(200);
    expect(node.exitCode()).toBeNull();
  }, 120_000);

  it('SIGTERM drains: the slow request in flight finishes, new calls are refused, exit 0 within 10 s', async () => {
    const node = nodes.find((n) => n.exitCode() === null) ?? (await startServer(env));
    if (!nodes.includes(node)) nodes.push(node);
    const headers = await session(node.url, 'dispecer');
    proxy.delay(150); // every database round trip now takes ≥ 300 ms: the write takes seconds
    const uuid = randomUUID();
    const slow = createEvent(node.url, headers, uuid);
    await new Promise((r) => setTimeout(r, 400));
    const signalledAt = Date.now();
    node.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    const late = await createEvent(node.url, headers, randomUUID());
    expect([0, 503]).toContain(late.status); // refused (503 or connection refused), never run
    const finished = await slow;
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    expect(await node.exited, node.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    proxy.restore();
    const { rows } = await direct.query('select 1 from events where uuid = $1', [uuid]);
    expect(rows).toHaveLength(1);
  }, 60_000);
});
