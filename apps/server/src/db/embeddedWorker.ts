/**
 * The database thread of a running embedded server (started by `embeddedThread.ts`): it holds the PGlite, so
 * PostgreSQL's work — planning, executing, WAL, decoding the rows — runs beside the server's event loop instead
 * of on it (issue 28: a write held the loop 29–37 ms, a photo 25–40 ms, and every call waited behind them).
 *
 * One request at a time is not required: PGlite queues its own statements, and a statement outside a transaction
 * waits for an open transaction to end, as on the server's thread. Replies carry the request's id: `{id, value}`
 * or `{id, error}`; the first message (id 0) says the database is open, or why not.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { createEmbedded } from './embedded.js';

/** `workerData`: the directory of the cluster (none: in memory) and a `dumpDataDir()` image to start from. */
export interface ThreadStart {
  dir?: string;
  image?: ArrayBuffer;
}

/**
 * Query options as they cross: functions cannot, so the parsers that keep a type's text as it is (Drizzle's, for
 * timestamps, intervals and dates) are sent as the list of those types.
 */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  paramTypes?: number[];
  textTypes?: number[];
}

export type ThreadRequest =
  | { id: number; op: 'query'; tx?: number; sql: string; params?: unknown[]; options?: WireQueryOptions }
  | { id: number; op: 'exec'; tx?: number; sql: string; options?: WireQueryOptions }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

/** An error as it crosses: its name (`RuntimeError` of a crashed instance), message and PostgreSQL's fields. */
export interface WireError {
  name: string;
  message: string;
  props: Record<string, string | number | boolean>;
}

export type ThreadReply = { id: number; value: unknown } | { id: number; error: WireError };

/** A dump as it crosses: the bytes (transferred) and what PGlite named them. */
export interface WireDump {
  bytes: ArrayBuffer;
  name: string;
  type: string;
}

const port = parentPort;
if (!port) throw new Error('embeddedWorker.ts runs only as a worker thread');

const keepText = (value: string) => value;

function queryOptions(wire: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!wire) return undefined;
  const { textTypes, ...rest } = wire;
  return textTypes ? { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, keepText])) } : rest;
}

function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), props: {} };
  const props: WireError['props'] = {};
  for (const [key, value] of Object.entries(error)) {
    // the statement's parameters stay here: they may hold a password's hash or a photo
    if (key === 'params') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') props[key] = value;
  }
  return { name: error.name, message: error.message, props };
}

function reply(id: number, value: unknown, transfer: ArrayBuffer[] = []): void {
  port!.postMessage({ id, value } satisfies ThreadReply, transfer);
}

function replyError(id: number, error: unknown): void {
  port!.postMessage({ id, error: wireError(error) } satisfies ThreadReply);
}

/** An open transaction: its statements go through `tx` until the server's side decides how it ends. */
interface OpenTransaction {
  tx: Transaction;
  decide: (commit: boolean) => void;
  ended: Promise<void>;
}

/** Thrown inside PGlite's transaction to make it roll back; not an error of anyone's. */
const ROLLBACK = Symbol('rollback');

const start = workerData as ThreadStart;
let db: PGlite;
const open = new Map<number, OpenTransaction>();

function begin(id: number): void {
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  let began = false;
  const ended: Promise<void> = db
    .transaction(async (tx) => {
      began = true;
      open.set(id, { tx, decide, ended });
      reply(id, id);
      if (!(await decided)) throw ROLLBACK;
    })
    .then(
      () => undefined,
      (error: unknown) => {
        if (error !== ROLLBACK) throw error;
      },
    )
    .finally(() => open.delete(id));
  // a transaction that could not begin answers the request that asked for it; a later failure, the `end`
  ended.catch((error: unknown) => {
    if (!began) replyError(id, error);
  });
}

function target(tx: number | undefined): Pick<PGlite, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const entry = open.get(tx);
  if (!entry) throw new Error('Transaction is closed');
  return entry.tx;
}

async function handle(request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'query':
      return reply(
        request.id,
        await target(request.tx).query(request.sql, request.params, queryOptions(request.options)),
      );
    case 'exec':
      return reply(request.id, await target(request.tx).exec(request.sql, queryOptions(request.options)));
    case 'begin':
      return begin(request.id);
    case 'end': {
      const entry = open.get(request.tx);
      if (!entry) throw new Error('Transaction is closed');
      entry.decide(request.commit);
      await entry.ended;
      return reply(request.id, null);
    }
    case 'dump': {
      const file = await db.dumpDataDir(request.compression);
      const bytes = await file.arrayBuffer();
      const dump: WireDump = { bytes, name: file instanceof File ? file.name : 'pgdata.tar', type: file.type };
      return reply(request.id, dump, [bytes]);
    }
    case 'close':
      if (!db.closed) await db.close();
      return reply(request.id, null);
  }
}

try {
  db = await createEmbedded(start.dir, start.image ? new Blob([start.image]) : undefined);
  reply(0, null);
  port.on('message', (request: ThreadRequest) => {
    handle(request).catch((error: unknown) => replyError(request.id, error));
  });
} catch (error) {
  replyError(0, error);
}
