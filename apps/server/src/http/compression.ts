/**
 * API answers over 1 kB are compressed when the client accepts it (brotli, else gzip): a bundle or an event list
 * is JSON that shrinks ten- to forty-fold. Static files are not compressed here; they carry the build's
 * precompressed variant (`panelFiles.ts`), and an answer that already has a Content-Encoding is left alone.
 * Large answers are compressed as streams on libuv's threadpool, so the event loop is not held.
 */
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import zlib from 'node:zlib';

export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // the panel never sends compressed bodies; undecodable request bodies must not become a new error path
    globalDecompression: false,
    // brotli 4 (the plugin's default) is near gzip 6 in speed at a better ratio; keep it explicit
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
