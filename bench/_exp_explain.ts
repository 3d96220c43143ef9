import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { reportStatement } from '../apps/server/src/modules/reports/sql.js';
const groupBy = (process.argv[2] ?? 'resource') as 'resource';
const q = new PgDialect().sqlToQuery(
  reportStatement({ from: '2026-09-01', to: '2026-11-29', groupBy, turnoutTarget: 60, arrivalTarget: 1200 }),
);
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/rep_exp');
await c.connect();
await c.query('SET jit = off');
await c.query("SET work_mem = '32MB'");
const r = await c.query('EXPLAIN (ANALYZE) ' + q.sql, q.params);
console.log(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
await c.end();
