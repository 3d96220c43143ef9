/**
 * Which work goes first on a database: a write's push holds back the background writes that would start
 * meanwhile (issue 28 item 2). On the embedded database one connection serves everything, and a write-behind
 * batch of positions (a transaction of six statements, each followed by a turn of the loop for the trackers'
 * requests: 20–70 ms from BEGIN to COMMIT under load) that began while a write was being pushed held the
 * push's reads until it committed, then interleaved with its socket writes. About one write in six met one
 * (4 batches a second with 1,000 trackers); those took twice as long and were the whole tail of "told"
 * (bench:push, 01.12.2026). On PostgreSQL the batch has its own connection but still shares the node's thread.
 *
 * Holding back is bounded (`maxWaitMs` of the waiter): positions may be late by that much, never starved. Work
 * already running is not stopped. Per database handle, so per node.
 */
import type { Database } from './client.js';

interface Precedence {
  holds: number;
  waiters: Set<() => void>;
}
const byDatabase = new WeakMap<Database, Precedence>();

function precedenceOf(db: Database): Precedence {
  let p = byDatabase.get(db);
  if (!p) byDatabase.set(db, (p = { holds: 0, waiters: new Set() }));
  return p;
}

/** Holds background writes back until the returned release is called (once; later calls do nothing). */
export function holdBackground(db: Database): () => void {
  const p = precedenceOf(db);
  p.holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    p.holds -= 1;
    if (p.holds > 0) return;
    for (const wake of [...p.waiters]) wake();
  };
}

/** Resolves when nothing holds background writes back, or after `maxWaitMs` at most. */
export function backgroundMayStart(db: Database, maxWaitMs: number): Promise<void> {
  const p = byDatabase.get(db);
  if (!p || p.holds === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      p.waiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, maxWaitMs);
    p.waiters.add(wake);
  });
}
