/**
 * The render worker thread (started by renderPool.ts): one job at a time, `{id, job}` in, `{id, data}` (the mp3,
 * transferred, not copied) or `{id, error}` out.
 */
import { parentPort } from 'node:worker_threads';
import { renderJob, type RenderJob } from './renderJobs.js';

export interface WorkerRequest {
  id: number;
  job: RenderJob;
}

export type WorkerReply = { id: number; data: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('renderWorker.ts runs only as a worker thread');

port.on('message', (request: WorkerRequest) => {
  renderJob(request.job).then(
    (mp3) => {
      // a fresh ArrayBuffer of exactly these bytes: Buffers may share a pooled one, which must not be transferred
      const data = new Uint8Array(mp3);
      const reply: WorkerReply = { id: request.id, data };
      port.postMessage(reply, [data.buffer]);
    },
    (error: unknown) => {
      const reply: WorkerReply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
    },
  );
});
