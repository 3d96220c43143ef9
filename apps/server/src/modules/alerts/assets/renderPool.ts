/**
 * Worker threads for the CPU-heavy rendering of speech and tones (renderJobs.ts), so the event loop keeps
 * answering while eSpeak runs (QA: one 500-character text on the loop stopped every HTTP call for 2.5 s).
 *
 * - Workers: one per spare core, at most two (2 cores → 1: the other core stays with the event loop). Started on
 *   the first job, stopped after IDLE_MS without work (each holds a WebAssembly instance); an idle worker does
 *   not keep the process alive. The server runs TypeScript through tsx, so a `.ts` worker gets the tsx loader.
 * - Queue: FIFO with at most `maxQueued` waiting jobs; one more is refused with RenderBusyError (the route answers
 *   503 + Retry-After). `priority` jobs (the few library tones) go first and are never refused.
 * - A job that takes longer than `jobTimeoutMs` terminates its worker (a new one starts for the next job), and a
 *   worker that dies fails only its own job: nothing here can take the server down.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { RenderJob } from './renderJobs.js';
import type { WorkerReply, WorkerRequest } from './renderWorker.js';
import { workerEntry } from '../../../workerEntry.js';

export class RenderBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('render queue full');
    this.name = 'RenderBusyError';
  }
}

export interface RenderPoolOptions {
  workers?: number;
  maxQueued?: number;
  jobTimeoutMs?: number;
  idleMs?: number;
}

export interface RenderPoolStats {
  workers: number;
  running: number;
  queued: number;
  done: number;
  failed: number;
  refused: number;
}

export interface RenderPool {
  run(job: RenderJob, opts?: { priority?: boolean }): Promise<Buffer>;
  stats(): RenderPoolStats;
  /**
   * Stops the workers that have no job now instead of after IDLE_MS (the next job starts one): after a known
   * batch — the tone library of a first start — so an idle server does not hold a worker's isolate for minutes.
   */
  releaseIdle(): void;
  close(): Promise<void>;
}

export const DEFAULT_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
export const DEFAULT_MAX_QUEUED = 32;
const JOB_TIMEOUT_MS = 60_000;
const IDLE_MS = 5 * 60_000;

interface Task {
  job: RenderJob;
  resolve: (data: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  id: number;
  began: number;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

export function createRenderPool(opts: RenderPoolOptions = {}): RenderPool {
  const size = Math.max(1, opts.workers ?? DEFAULT_WORKERS);
  const maxQueued = opts.maxQueued ?? DEFAULT_MAX_QUEUED;
  const jobTimeoutMs = opts.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  const idleMs = opts.idleMs ?? IDLE_MS;
  const queue: Task[] = [];
  const slots = new Set<Slot>();
  const counts = { done: 0, failed: 0, refused: 0 };
  let nextId = 1;
  let closed = false;
  // how long one job has taken lately: the Retry-After of a refused job is about the time to drain the queue
  let averageMs = 1000;

  function spawnSlot(): Slot {
    const { entry, eval: isCode } = workerEntry(import.meta.url, 'renderWorker');
    const worker = new Worker(entry, {
      eval: isCode,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, task: null, id: 0, began: 0, timer: null, idle: null };
    worker.on('message', (reply: WorkerReply) => {
      const task = slot.task;
      if (!task || reply.id !== slot.id) return;
      finish(slot);
      if ('data' in reply) {
        counts.done += 1;
        task.resolve(Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength));
      } else {
        counts.failed += 1;
        task.reject(new Error(reply.error));
      }
      pump();
    });
    worker.on('error', (error) => lost(slot, error));
    worker.on('exit', (code) => lost(slot, new Error(`render worker exited (${code})`)));
    slots.add(slot);
    return slot;
  }

  function finish(slot: Slot) {
    averageMs = averageMs * 0.8 + (performance.now() - slot.began) * 0.2;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = setTimeout(() => void slot.worker.terminate(), idleMs);
    slot.idle.unref();
  }

  function start(slot: Slot, task: Task) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.task = task;
    slot.id = nextId++;
    slot.worker.ref(); // a job in flight keeps the process alive, an idle worker does not
    slot.began = performance.now();
    slot.timer = setTimeout(() => {
      // a stuck job: terminate its worker; 'exit' fails the job and the next job gets a new worker
      slot.worker.terminate().catch(() => undefined);
      lost(slot, new Error(`render job over ${jobTimeoutMs} ms`));
    }, jobTimeoutMs);
    slot.timer.unref();
    const request: WorkerRequest = { id: slot.id, job: task.job };
    slot.worker.postMessage(request);
  }

  function lost(slot: Slot, error: Error) {
    if (!slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    const task = slot.task;
    slot.task = null;
    if (task) {
      counts.failed += 1;
      task.reject(error);
    }
    pump();
  }

  function pump() {
    while (!closed && queue.length > 0) {
      let slot = [...slots].find((s) => s.task === null);
      if (!slot && slots.size < size) slot = spawnSlot();
      if (!slot) return;
      start(slot, queue.shift()!);
    }
  }

  return {
    run(job, { priority = false } = {}) {
      if (closed) return Promise.reject(new Error('render pool closed'));
      if (!priority && queue.length >= maxQueued) {
        counts.refused += 1;
        const drainSeconds = ((queue.length + 1) * averageMs) / (1000 * size);
        return Promise.reject(new RenderBusyError(Math.max(1, Math.ceil(drainSeconds))));
      }
      return new Promise<Buffer>((resolve, reject) => {
        const task: Task = { job, resolve, reject };
        if (priority) queue.unshift(task);
        else queue.push(task);
        pump();
      });
    },
    stats() {
      const running = [...slots].filter((s) => s.task !== null).length;
      return { workers: slots.size, running, queued: queue.length, ...counts };
    },
    releaseIdle() {
      for (const slot of slots) {
        if (slot.task !== null) continue;
        slots.delete(slot); // gone now: a job coming before the 'exit' gets a new worker
        if (slot.idle) clearTimeout(slot.idle);
        slot.idle = null;
        void slot.worker.terminate().catch(() => undefined);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('render pool closed'));
      await Promise.all([...slots].map((s) => s.worker.terminate().catch(() => undefined)));
    },
  };
}

const pools = new WeakMap<object, RenderPool>();

/**
 * One pool per app (tts, assets and the living demo share it), closed with the app. The close hook is added once,
 * when the pool is made — the routes make it while the app registers; a caller after listen (the demo's radio
 * answers) only takes it: Fastify refuses `addHook` on a started instance (issue 24 item 8).
 */
export function renderPoolOf(app: FastifyInstance): RenderPool {
  const existing = pools.get(app.deps);
  if (existing) return existing;
  const pool = createRenderPool();
  app.addHook('onClose', async () => pool.close()); // throws on a started app: then no pool is kept without a close
  pools.set(app.deps, pool);
  return pool;
}

/** The app's pool if a module made one (tests read its stats). */
export function existingRenderPool(app: FastifyInstance): RenderPool | undefined {
  return pools.get(app.deps);
}
