/**
 * The embedded server's local admin channel: a Unix socket `DATA_DIR/admin.sock` (mode 0600, so only the
 * server's own user — and root — can use it). The backup command asks the running server through it, because
 * only the process that holds the PGlite database can copy it consistently: `dumpDataDir()` runs between two
 * queries of the single PGlite connection, so the tarball is the data directory at one quiet instant — what a
 * crash at that instant would leave, which PostgreSQL's recovery brings to the last commit before it. A copy
 * of the files made from outside while the server writes is not that (pages and WAL copied at different times).
 *
 * Protocol: one JSON line per connection, one JSON line back.
 *   {"op":"ping"}                      → {"ok":true,"pid":…}
 *   {"op":"backup","file":"/abs/path"} → {"ok":true,"file":…,"bytes":…,"ms":…} | {"ok":false,"message":"…"}
 * A server on PostgreSQL opens no socket (pg_dump makes a consistent copy of a live database by itself).
 */
import { chmodSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client.js';
import type { EmbeddedClient } from '../db/embedded.js';
import { BackupError, writeFileAtomically } from './files.js';

export const adminSocketPath = (dataDir: string) => path.resolve(dataDir, 'admin.sock');

export type AdminRequest = { op: 'ping' } | { op: 'backup'; file: string };
export type AdminAnswer =
  { ok: true; pid: number; file?: string; bytes?: number; ms?: number } | { ok: false; message: string };

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface AdminSocket {
  close(): Promise<void>;
}

const NONE: AdminSocket = { close: async () => undefined };

/** Dumps the open PGlite to `file` (gzipped tar of its data directory), atomically. */
export async function dumpEmbedded(client: EmbeddedClient, file: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  const blob = await client.dumpDataDir('gzip');
  const data = new Uint8Array(await blob.arrayBuffer());
  writeFileAtomically(file, data);
  return { bytes: data.length, ms: Math.round(performance.now() - started) };
}

async function answer(client: EmbeddedClient, line: string): Promise<AdminAnswer> {
  let request: AdminRequest;
  try {
    request = JSON.parse(line) as AdminRequest;
  } catch {
    return { ok: false, message: 'Neplatný požadavek.' };
  }
  if (request.op === 'ping') return { ok: true, pid: process.pid };
  if (request.op === 'backup' && typeof request.file === 'string' && path.isAbsolute(request.file)) {
    try {
      const done = await dumpEmbedded(client, request.file);
      return { ok: true, pid: process.pid, file: request.file, ...done };
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      return { ok: false, message: `Server zálohu nezapsal: ${e.code ?? e.message}` };
    }
  }
  return { ok: false, message: 'Neznámý požadavek.' };
}

/**
 * Listens on `DATA_DIR/admin.sock` for an embedded database (nothing for PostgreSQL or `:memory:`). Never fails
 * the start: a socket that cannot be opened is logged (the backup command then says no server answers).
 * A socket file left by a killed server is replaced; one that answers belongs to another live server and is kept.
 */
export async function listenAdminSocket(
  config: { dataDir: string; databaseUrl?: string },
  handle: DatabaseHandle,
  log: Log,
): Promise<AdminSocket> {
  if (handle.kind !== 'pglite' || config.dataDir === ':memory:') return NONE;
  const client = handle.client as EmbeddedClient;
  const file = adminSocketPath(config.dataDir);
  if (existsSync(file)) {
    if (await askServer(config.dataDir, { op: 'ping' }).catch(() => null)) {
      log.warn({ file }, 'admin socket: another server answers on this DATA_DIR; backups go through it');
      return NONE;
    }
    rmSync(file, { force: true }); // left by a process that ended without closing it
  }
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0) {
        if (buffer.length > 64 * 1024) socket.destroy();
        return;
      }
      socket.pause();
      void answer(client, buffer.slice(0, end)).then((reply) => {
        if (reply.ok && reply.bytes !== undefined) {
          log.info({ file: reply.file, bytes: reply.bytes, ms: reply.ms }, 'backup written');
        }
        socket.end(JSON.stringify(reply) + '\n');
      });
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(file, 0o600);
  } catch (error) {
    log.warn(
      { file, err: (error as Error).message },
      'admin socket not opened: backups of this server are not possible',
    );
    server.close();
    return NONE;
  }
  server.on('error', (error) => log.warn({ err: error.message }, 'admin socket error'));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/**
 * Asks the server on `dataDir`. Resolves null when no server listens there (no socket file, or a stale one that
 * refuses); rejects with a BackupError when one is there but does not answer in `timeoutMs`.
 */
export function askServer(dataDir: string, request: AdminRequest, timeoutMs = 10_000): Promise<AdminAnswer | null> {
  const file = adminSocketPath(dataDir);
  if (!existsSync(file)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    let buffer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new BackupError(`Server na ${dataDir} neodpověděl do ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(JSON.stringify(request) + '\n'));
    socket.on('data', (chunk: string) => (buffer += chunk));
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(buffer) as AdminAnswer);
      } catch {
        reject(new BackupError('Server odpověděl nesrozumitelně.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') {
        resolve(null);
      } // stale socket: nobody listens
      else reject(new BackupError(`Spojení se serverem selhalo (${error.code ?? error.message}).`));
    });
  });
}
