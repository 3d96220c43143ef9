/**
 * Generated bad requests over every registered route (issue 11, item 5): no answer may be a 5xx, and a refused
 * request (4xx) changes nothing — neither the sync revision nor the rows of any table (every write goes
 * through runCommand, which bumps the revision and writes change_log; media, sessions, outbox … are watched
 * too: no row inserted or deleted) nor the files under the data directory (device logs).
 *
 * Seeded and bounded: FUZZ_SEED (default below) and FUZZ_RUNS (draws per route and method) override it for a
 * longer local run, e.g. `FUZZ_RUNS=400 FUZZ_SEED=7 npx vitest run --project server src/test/fuzz`.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { receiptWriterOf } from '../../modules/receipts/writer.js';
import { createTestApp, login, type TestApp } from '../factory.js';
import { HUGE_BYTES, requestArb, type FuzzRequest, type SessionName } from './requests.js';

const SEED = Number.parseInt(process.env.FUZZ_SEED ?? '', 10) || 20260311;
const RUNS = Number.parseInt(process.env.FUZZ_RUNS ?? '', 10) || 24;
/** the test's own table (and trigger and function names) that counts the rows inserted and deleted */
const ROW_CHANGES = 'fuzz_row_changes';

interface Failure {
  route: string;
  request: FuzzRequest;
  status: number;
  body: string;
  why: string;
}

/** stable per route, so adding a route does not change the draws of the others */
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** 401 {result: false, message}, 422 [{field, message}], any other 4xx {message} (no framework default body) */
function isHouseError(status: number, body: string): boolean {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return false;
  }
  const isMessage = (v: unknown) =>
    typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string';
  if (status === 422) {
    return Array.isArray(json) && json.length > 0 && json.every((e) => isMessage(e) && typeof e.field === 'string');
  }
  if (status === 401 && (json as { result?: unknown })?.result !== false) return false;
  return isMessage(json) && !('statusCode' in (json as object));
}

function describeRequest(r: FuzzRequest): string {
  const payload = typeof r.payload === 'string' ? r.payload.slice(0, 160) : r.payload ? '<bytes>' : '';
  return `${r.session} ${r.method} ${r.url.slice(0, 200)} [${r.bodyKind}] ${payload}`;
}

describe('generated bad requests over every route', () => {
  let t: TestApp;
  let dataDir: string;
  const routes: RouteOptions[] = [];
  const headers = new Map<SessionName, Record<string, string>>();

  async function relogin(name: SessionName): Promise<void> {
    headers.set(name, name === 'none' ? {} : (await login(t.app, name)).headers);
  }

  /**
   * The revision, how many rows were inserted or deleted in any table so far and the files of the data directory,
   * as one comparable text. What a request queued for a write-behind (the delivery receipts a read marks,
   * modules/receipts) is written first, so it counts for that request and not for a later refused one during
   * which the writer's timer would fire.
   */
  async function snapshot(): Promise<string> {
    await receiptWriterOf(t.app.deps).flush();
    const [row] = await queryRows<{ s: string }>(
      t.db,
      sql.raw(
        `select (select coalesce(max(revision), 0) from sync_revision)::text || ';rows=' || n::text as s
         from ${ROW_CHANGES}`,
      ),
    );
    return `${row.s};files=${await countFiles(dataDir)}`;
  }

  /**
   * Counts every committed insert and delete (and truncate) of these tables in one row: a snapshot reads it
   * instead of counting the rows of every table after each request (7.3 s of the 13.8 s that 3,240 requests
   * took; now 8.5 s in all, 01.12.2026), and it also sees an insert undone by a delete, which leaves every count
   * as it was. A refused request's rolled-back statements roll their counts back with them.
   */
  async function watchRowChanges(names: string[]): Promise<void> {
    const run = (text: string) => queryRows(t.db, sql.raw(text));
    await run(`create table ${ROW_CHANGES} (n bigint not null)`);
    await run(`insert into ${ROW_CHANGES} values (0)`);
    await run(
      `create function ${ROW_CHANGES}_bump() returns trigger language plpgsql as
       $$ begin update ${ROW_CHANGES} set n = n + 1; return null; end $$`,
    );
    for (const name of names) {
      await run(
        `create trigger ${ROW_CHANGES} after insert or delete on "${name}"
         for each row execute function ${ROW_CHANGES}_bump()`,
      );
      await run(
        `create trigger ${ROW_CHANGES}_truncate after truncate on "${name}"
         for each statement execute function ${ROW_CHANGES}_bump()`,
      );
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'panel-fuzz-'));
    t = await createTestApp({ config: { dataDir }, onRoute: (route) => void routes.push(route) });
    for (const name of ['admin', 'dispecer', 'jednotka', 'none'] as const) await relogin(name);
    const rows = await queryRows<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    // login_failures: a refused login is meant to leave its mark (the throttle counts it)
    await watchRowChanges(rows.map((r) => r.name).filter((n) => !n.startsWith('__drizzle') && n !== 'login_failures'));
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'answers no request with a 5xx and a refused one changes nothing',
    async () => {
      const targets = routes
        .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((m) => ({ route, m })))
        .filter(({ m }) => m !== 'HEAD' && m !== 'OPTIONS')
        .sort((a, b) => `${a.route.url} ${a.m}`.localeCompare(`${b.route.url} ${b.m}`));
      // every area registers routes; a broken onRoute collection must not pass as "nothing failed"
      expect(targets.length).toBeGreaterThan(80);

      const byClass: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
      const failures: Failure[] = [];
      let requests = 0;
      const started = performance.now();
      // the state after the previous request is the state before this one: one snapshot per request
      let current = await snapshot();

      for (const { route, m } of targets) {
        const draws = fc.sample(requestArb(route, m), {
          seed: (SEED ^ hashOf(`${m} ${route.url}`)) | 0,
          numRuns: RUNS,
        });
        for (const request of draws) {
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: {
              ...headers.get(request.session),
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          requests++;
          byClass[`${Math.floor(res.statusCode / 100)}xx`] =
            (byClass[`${Math.floor(res.statusCode / 100)}xx`] ?? 0) + 1;
          const fail = (why: string) =>
            failures.push({
              route: `${m} ${route.url}`,
              request,
              status: res.statusCode,
              body: res.body.slice(0, 300),
              why,
            });
          if (res.statusCode >= 500) fail('5xx');
          if (res.statusCode >= 400 && res.statusCode < 500 && !isHouseError(res.statusCode, res.body)) {
            fail('a 4xx outside the house shapes');
          }
          const after = await snapshot();
          if (res.statusCode >= 400 && res.statusCode < 500 && after !== current) {
            fail(`refused but changed data: ${current} → ${after}`);
          }
          current = after;
          // the gate (and a malformed URL) answers before the body is read; past it, a body over the limit is a 413
          const gated = [400, 401, 403, 404, 414].includes(res.statusCode);
          if (request.bodyKind === 'huge' && route.bodyLimit === undefined && !gated && res.statusCode !== 413) {
            fail(`a body of ${HUGE_BYTES} bytes answered ${res.statusCode}, not 413`);
          }
          // a session the request ended (logout, another device, new password) is opened again
          if (res.statusCode < 300 && request.session !== 'none' && /^\/v[23]\/(auth|user)\//.test(route.url)) {
            await relogin(request.session);
            current = await snapshot();
          }
        }
      }

      console.log(
        `[fuzz] seed ${SEED}, ${RUNS} draws × ${targets.length} route methods: ${requests} requests —` +
          ` 2xx ${byClass['2xx']}, 3xx ${byClass['3xx']}, 4xx ${byClass['4xx']}, 5xx ${byClass['5xx']}` +
          ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const distinct = new Map<string, Failure>();
      for (const f of failures) distinct.set(`${f.route} ${f.why.slice(0, 20)} ${f.status}`, f);
      const report = [...distinct.values()].map(
        (f) => `${f.route}: ${f.why} ${f.status} ← ${describeRequest(f.request)}\n    ${f.body}`,
      );
      expect(report, `${failures.length} failures (${report.length} distinct)`).toEqual([]);
    },
    // about 85 route methods × RUNS requests; generous for a loaded machine
    60_000 + RUNS * 6_000,
  );
});
