/**
 * Application logs on disk under the data directory (`DATA_DIR=:memory:` → a per-process temporary directory):
 * - `logs/{deviceId}/{YYYYMMDDHHmmss}/state.json` — the panel's state file, as sent;
 * - `logs/errors/{YYYY-MM-DD}.jsonl` — unhandled panel errors, one JSON object a line, by Prague day.
 */
import { appendFile, mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseStamp } from '@panel/domain/logs';
import { writeAtomically } from '../alerts/assets/store.js';

let memoryRoot: string | null = null;

/** The logs directory of a data directory. */
export function logsRoot(dataDir: string): string {
  if (dataDir !== ':memory:') return path.resolve(dataDir, 'logs');
  memoryRoot ??= path.join(tmpdir(), `panel-logs-${process.pid}`);
  return memoryRoot;
}

/** The stamp check is the domain's: the route's params schema and the listing below agree on it. */
export { parseStamp };

/** `YYYYMMDDHHmmss` → wire `YYYY-MM-DD HH:mm:ss` (the panel's own clock, Prague time). */
export function stampToWire(stamp: string): string {
  return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`;
}

const statePath = (root: string, deviceId: number, stamp: string) =>
  path.join(root, String(deviceId), stamp, 'state.json');

export async function saveState(root: string, deviceId: number, stamp: string, data: Buffer): Promise<void> {
  await writeAtomically(statePath(root, deviceId, stamp), data);
}

export async function readState(root: string, deviceId: number, stamp: string): Promise<Buffer | null> {
  try {
    return await readFile(statePath(root, deviceId, stamp));
  } catch {
    return null;
  }
}

export interface StoredLog {
  deviceId: number;
  stamp: string;
  size: number;
  /** when the server stored it (file time) */
  storedAt: Date;
}

/** Every stored state file. */
export async function listStates(root: string): Promise<StoredLog[]> {
  const out: StoredLog[] = [];
  const dirs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const d of dirs) {
    if (!d.isDirectory() || !/^\d+$/.test(d.name)) continue;
    const stamps = await readdir(path.join(root, d.name)).catch(() => [] as string[]);
    for (const stamp of stamps) {
      if (!parseStamp(stamp)) continue;
      const st = await stat(statePath(root, Number(d.name), stamp)).catch(() => null);
      if (st) out.push({ deviceId: Number(d.name), stamp, size: st.size, storedAt: st.mtime });
    }
  }
  return out;
}

const errorsPath = (root: string, day: string) => path.join(root, 'errors', `${day}.jsonl`);

export async function appendErrors(root: string, day: string, entries: object[]): Promise<void> {
  if (entries.length === 0) return;
  await mkdir(path.join(root, 'errors'), { recursive: true });
  await appendFile(errorsPath(root, day), entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
}

export async function readErrors(root: string, day: string): Promise<unknown[]> {
  const text = await readFile(errorsPath(root, day), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    });
}

/** Per session: at most `limit` errors per minute (a fixed one-minute window). */
export function createErrorBudget(limit: number, windowMs = 60_000) {
  const used = new Map<number, { start: number; count: number }>();
  return {
    /** how many of `n` errors may be stored now */
    take(sessionId: number, n: number, now = Date.now()): number {
      let w = used.get(sessionId);
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0 };
        used.set(sessionId, w);
        if (used.size > 10_000) {
          for (const [k, v] of used) if (now - v.start >= windowMs) used.delete(k);
        }
      }
      const granted = Math.max(0, Math.min(n, limit - w.count));
      w.count += granted;
      return granted;
    },
  };
}
