/**
 * The embedded database of a running server in a thread of its own (`embeddedWorker.ts`). PGlite runs PostgreSQL
 * compiled to WebAssembly in the thread that calls it; on the server's event loop every statement held every
 * other call (issue 28: a write 29–37 ms, a photo 25–40 ms, a position batch's statements), so pushes were told
 * late and ingest answered late whenever anything was written. Here the server's side is a client with what
 * Drizzle's PGlite driver, the migrator and the backups call (`EmbeddedClient`), each call a message to the
 * thread and its answer a message back.
 *
 * What changes for the code above: nothing but time. Rows come back as PGlite makes them (structured clone keeps
 * Dates, arrays and objects), bytea as Buffers (a clone makes them Uint8Arrays; they are viewed as Buffers again,
 * no copy), an error with its name, message and PostgreSQL's fields (`code`, `constraint`, …). A thread that
 * ends fails every call in flight and after with "PGlite is closed …", which the database monitor takes for a
 * broken embedded database: it reopens, here a new thread (`db/monitor.ts`).
 */
import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { workerEntry } from '../workerEntry.js';
import type { EmbeddedClient } from './embedded.js';
import type {
  ThreadReply,
  ThreadRequest,
  ThreadStart,
  WireDump,
  WireError,
  WireQueryOptions,
} from './embeddedWorker.js';

/** Closing waits this long for the thread to close the database cleanly before it is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;

type Parser = (value: string, typeId: number) => unknown;
interface CallerOptions {
  rowMode?: 'array' | 'object';
  paramTypes?: number[];
  parsers?: Record<number, Parser>;
  [other: string]: unknown;
}

const PROBE = '\u0000probe';

/**
 * The options of a call as they can cross. A parser is a function, which cannot: the only ones the server's code
 * passes (Drizzle's) keep a type's text as it is, and are sent as the list of those types. Anything else is a
 * programming error, said at once rather than answered differently on this thread.
 */
function wireOptions(options: CallerOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, paramTypes, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter((key) => rest[key] !== undefined);
  if (unsupported.length) throw new Error(`the database thread does not take ${unsupported.join(', ')}`);
  const wire: WireQueryOptions = {};
  if (rowMode) wire.rowMode = rowMode;
  if (paramTypes) wire.paramTypes = paramTypes;
  if (parsers) {
    wire.textTypes = Object.entries(parsers).map(([oid, parse]) => {
      if (parse(PROBE, Number(oid)) !== PROBE) throw new Error('the database thread takes only parsers that keep text');
      return Number(oid);
    });
  }
  return wire;
}

/**
 * bytea values (type `byteaOid`) of a result as Buffers (the schema's columns take Buffers): they cross as
 * Uint8Arrays, and are viewed in place, not copied.
 */
function withBuffers<T extends Results>(result: T, byteaOid: number): T {
  result.fields.forEach((field, index) => {
    if (field.dataTypeID !== byteaOid) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = Array.isArray(row) ? index : field.name;
      const value = row[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
        row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      }
    }
  });
  return result;
}

function fromWire(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.props);
  error.name = wire.name;
  return error;
}

/** A request without its id (the id is the thread client's to give). */
type Call = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

class EmbeddedThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** why the thread can take no more calls (closed, or it ended); null while it can */
  private gone: Error | null = null;
  readonly ready: Promise<void>;

  /** `worker`: the thread (a test ends it as a crash would) */
  constructor(
    readonly worker: Worker,
    private readonly byteaOid: number,
  ) {
    this.ready = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    worker.on('message', (reply: ThreadReply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if ('error' in reply) call.reject(fromWire(reply.error));
      else call.resolve(reply.value);
    });
    worker.on('error', (error) =>
      this.end(new Error(`PGlite is closed (the database thread failed: ${error.message})`)),
    );
    worker.on('exit', (code) => this.end(new Error(`PGlite is closed (the database thread ended with code ${code})`)));
  }

  get closed(): boolean {
    return this.gone !== null;
  }

  /** Fails every call in flight and every later one. */
  private end(reason: Error): void {
    this.gone ??= reason;
    for (const call of this.pending.values()) call.reject(reason);
    this.pending.clear();
  }

  call<T>(request: Call): Promise<T> {
    if (this.gone) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ ...request, id });
      } catch (error) {
        // a parameter that cannot cross (DataCloneError): this call fails, nothing is left waiting
        this.pending.delete(id);
        reject(error as Error);
      }
    });
  }

  async query(sql: string, params: unknown[] | undefined, options: CallerOptions | undefined, tx?: number) {
    const result = await this.call<Results>({ op: 'query', tx, sql, params, options: wireOptions(options) });
    return withBuffers(result, this.byteaOid);
  }

  async exec(sql: string, options: CallerOptions | undefined, tx?: number) {
    const results = await this.call<Results[]>({ op: 'exec', tx, sql, options: wireOptions(options) });
    return results.map((result) => withBuffers(result, this.byteaOid));
  }

  /** A transaction held open in the thread while `fn` runs here; its statements go to it by its id. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let ended = false;
    const finish = async (commit: boolean) => {
      ended = true;
      await this.call({ op: 'end', tx: id, commit });
    };
    const check = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async (sql: string, params?: unknown[], options?: CallerOptions) => {
        check();
        return this.query(sql, params, options, id);
      },
      exec: async (sql: string, options?: CallerOptions) => {
        check();
        return this.exec(sql, options, id);
      },
      rollback: async () => {
        check();
        await finish(false);
      },
      get closed() {
        return ended;
      },
    };
    let value: T;
    try {
      value = await fn(tx as unknown as Transaction);
    } catch (error) {
      if (!ended) await finish(false).catch(() => undefined);
      throw error;
    }
    if (!ended) await finish(true);
    return value;
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File> {
    const dump = await this.call<WireDump>({ op: 'dump', compression });
    return new File([new Uint8Array(dump.bytes)], dump.name, { type: dump.type });
  }

  async close(): Promise<void> {
    if (this.gone) return;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
    await Promise.race([this.call({ op: 'close' }).catch(() => undefined), timeout]);
    this.end(new Error('PGlite is closed'));
    await this.worker.terminate();
  }
}

/**
 * Opens the embedded database of `dir` (none: in memory; `image`: a `dumpDataDir()` to start from) in a thread of
 * its own. Rejects as `createEmbedded` would when the database cannot be opened, and then leaves no thread.
 */
export async function openEmbeddedThread(dir: string | undefined, image?: Blob): Promise<EmbeddedClient> {
  // PGlite's own type ids; imported here, not at the top, so a PostgreSQL node never loads PGlite (issue 13)
  const [{ types }, bytes] = await Promise.all([import('@electric-sql/pglite'), image?.arrayBuffer()]);
  const start: ThreadStart = { dir, image: bytes };
  const { entry, eval: isCode } = workerEntry(import.meta.url, 'embeddedWorker');
  const worker = new Worker(entry, {
    eval: isCode,
    workerData: start,
    // the thread's heap is PGlite's glue and the rows in passing (~16 MB old, 27 MB in all with the default young
    // generation); a small young generation keeps the idle server near its 300 MB (issue 28 item 6)
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
    transferList: start.image ? [start.image] : [],
  });
  const thread = new EmbeddedThread(worker, types.BYTEA);
  try {
    await thread.ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return thread as unknown as EmbeddedClient;
}
