/**
 * Write-behind of delivery receipts (issue 25 item 1; the model is positions' writeBehind.ts). Panels report
 * *delivered* and *shown* as they apply and render items; 1,000 panels receiving one message a second make
 * 1,000+ receipts a second, so nothing is written on the request path:
 * - the queue is coalesced per (kind, item, device): the first time of each state wins, later reports of the
 *   same state change nothing; a *shown* or *read* item counts as *delivered* too (the panel had it);
 * - every `flushMs` (1 s) the queue is written in ONE command (`runCommand`): the receipt rows (upserts that
 *   keep the earliest times, only for items and devices that exist), then the summaries of the touched items
 *   (messages.receipts, events.alert.receipts) — and only summaries that changed are recorded as changed, so a
 *   flush moves the sync revision at most once, and not at all when nothing a panel shows changed;
 * - the summaries of messages reach the sender's base channel (ticks are on own bubbles) and, as every push,
 *   the central base; an alert's summary reaches the event's bases (its card is on their panels).
 * A failed write puts the batch back (merged with what came meanwhile) and retries with a backoff; above
 * `maxPending` new receipts are dropped and counted (a receipt is a report, never a command).
 */
import { sql } from 'drizzle-orm';
import type { PushHub } from '../../context.js';
import { queryRows, type Database, type Tx } from '../../db/client.js';
import { nextTurn } from '../../db/nextTurn.js';
import { runCommand, type ChangeRecorder } from '../../sync/commands.js';
import { alertSummariesSql, messageSummariesSql } from './summaries.js';

export interface ReceiptInput {
  kind: 'message' | 'alert';
  id: number;
  state: 'delivered' | 'shown';
  via: 'socket' | 'poll' | 'push' | 'view';
  at: Date;
}

interface Pending {
  kind: 'message' | 'alert';
  id: number;
  deviceId: number;
  deliveredAt: Date | null;
  via: string | null;
  shownAt: Date | null;
  readAt: Date | null;
}

export interface ReceiptWriterOptions {
  flushMs?: number;
  maxPending?: number;
}

export interface ReceiptWriterStats {
  received: number;
  pending: number;
  written: number;
  batches: number;
  summaries: number;
  dropped: number;
  failures: number;
  lastError: string | null;
}

const ROWS_PER_STATEMENT = 500;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 10_000;
const earlier = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a.getTime() <= b.getTime() ? a : b);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class ReceiptWriter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private retryMs = 0;
  private readonly flushMs: number;
  private readonly maxPending: number;
  readonly stats: ReceiptWriterStats = {
    received: 0,
    pending: 0,
    written: 0,
    batches: 0,
    summaries: 0,
    dropped: 0,
    failures: 0,
    lastError: null,
  };

  constructor(
    private readonly deps: { db: Database; hub: PushHub },
    options: ReceiptWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? Number(process.env.PANEL_RECEIPT_FLUSH_MS ?? 1000);
    this.maxPending = options.maxPending ?? 50_000;
  }

  enqueue(deviceId: number, items: ReceiptInput[]) {
    for (const item of items) {
      this.stats.received += 1;
      const p = this.entry(item.kind, item.id, deviceId);
      if (!p) continue;
      if (item.state === 'shown') p.shownAt = earlier(p.shownAt, item.at);
      if (!p.deliveredAt || item.at.getTime() < p.deliveredAt.getTime()) {
        p.deliveredAt = item.at;
        p.via = item.via;
      }
    }
    this.schedule();
  }

  enqueueReads(deviceId: number, messageIds: number[], at: Date) {
    for (const id of messageIds) {
      const p = this.entry('message', id, deviceId);
      if (!p) continue;
      p.readAt = earlier(p.readAt, at);
      if (!p.deliveredAt) {
        p.deliveredAt = at;
        p.via = 'view';
      }
    }
    this.schedule();
  }

  /** Writes everything queued now (tests, shutdown); rejects when the database fails. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running || this.pending.size > 0) {
      if (this.running) {
        await this.running.catch(() => undefined);
        continue;
      }
      await this.run(true);
    }
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private entry(kind: Pending['kind'], id: number, deviceId: number): Pending | null {
    const key = `${kind}|${id}|${deviceId}`;
    let p = this.pending.get(key);
    if (!p) {
      if (this.pending.size >= this.maxPending) {
        this.stats.dropped += 1;
        return null;
      }
      p = { kind, id, deviceId, deliveredAt: null, via: null, shownAt: null, readAt: null };
      this.pending.set(key, p);
    }
    this.stats.pending = this.pending.size;
    return p;
  }

  private schedule() {
    if (this.running || this.timer) return; // the running flush reschedules when it ends
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.run(false);
      },
      this.retryMs > 0 ? this.retryMs : this.flushMs,
    );
    this.timer.unref();
  }

  private async run(rethrow: boolean): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.stats.pending = 0;
    this.running = this.write([...batch.values()]);
    try {
      await this.running;
      this.retryMs = 0;
      this.stats.batches += 1;
      this.stats.written += batch.size;
    } catch (err) {
      this.stats.failures += 1;
      const message = err instanceof Error ? err.message : String(err);
      if (this.retryMs === 0 || this.stats.lastError !== message) {
        console.error('[panel] receipt write failed, retrying; receipts stay queued', message);
      }
      this.stats.lastError = message;
      this.retryMs = Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, this.retryMs * 2));
      this.putBack(batch);
      if (rethrow) throw err;
    } finally {
      this.running = null;
      if (this.pending.size > 0) this.schedule();
    }
  }

  /** A failed batch back into the queue, merged with what came meanwhile (earliest times win). */
  private putBack(batch: Map<string, Pending>) {
    for (const [key, p] of batch) {
      const now = this.pending.get(key);
      if (!now) this.pending.set(key, p);
      else {
        if (p.deliveredAt && (!now.deliveredAt || p.deliveredAt < now.deliveredAt)) {
          now.deliveredAt = p.deliveredAt;
          now.via = p.via;
        }
        now.shownAt = earlier(now.shownAt, p.shownAt);
        now.readAt = earlier(now.readAt, p.readAt);
      }
    }
    this.stats.pending = this.pending.size;
  }

  private async write(batch: Pending[]): Promise<void> {
    if (batch.length === 0) return;
    await runCommand(this.deps, { userId: null, deviceId: null }, { type: 'receipt.flush' }, async (tx, rec) => {
      for (let from = 0; from < batch.length; from += ROWS_PER_STATEMENT) {
        await upsertRows(tx, batch.slice(from, from + ROWS_PER_STATEMENT));
        await nextTurn();
      }
      const messageIds = [...new Set(batch.filter((p) => p.kind === 'message').map((p) => p.id))];
      const alertIds = [...new Set(batch.filter((p) => p.kind === 'alert').map((p) => p.id))];
      this.stats.summaries += await writeSummaries(tx, rec, messageIds, alertIds);
    });
  }
}

/** The receipt rows, keeping the earliest time of each state; items or devices that do not exist are skipped. */
async function upsertRows(tx: Tx, rows: Pending[]) {
  const values = rows.map(
    (p) => sql`(${p.kind}::text, ${p.id}::int, ${p.deviceId}::int, ${iso(p.deliveredAt)}::timestamptz,
      ${p.via}::text, ${iso(p.shownAt)}::timestamptz, ${iso(p.readAt)}::timestamptz)`,
  );
  await tx.execute(sql`
    insert into device_receipts (kind, item_id, device_id, delivered_at, delivered_via, shown_at, read_at)
    select v.kind, v.item, v.device, v.delivered, v.via, v.shown, v.read
    from (values ${sql.join(values, sql`, `)}) as v(kind, item, device, delivered, via, shown, read)
    where exists (select 1 from devices d where d.id = v.device)
      and ((v.kind = 'message' and exists (select 1 from messages m where m.id = v.item))
        or (v.kind = 'alert' and exists (select 1 from events e where e.id = v.item and e.alert is not null)))
    on conflict (kind, item_id, device_id) do update set
      delivered_via = case when excluded.delivered_at is not null and (device_receipts.delivered_at is null
        or excluded.delivered_at < device_receipts.delivered_at) then excluded.delivered_via
        else device_receipts.delivered_via end,
      delivered_at = least(device_receipts.delivered_at, excluded.delivered_at),
      shown_at = least(device_receipts.shown_at, excluded.shown_at),
      read_at = least(device_receipts.read_at, excluded.read_at)`);
}

/** Recomputes the touched items' summaries; records (and counts) only the ones that changed. */
async function writeSummaries(tx: Tx, rec: ChangeRecorder, messageIds: number[], alertIds: number[]) {
  let changed = 0;
  if (messageIds.length > 0) {
    const rows = await queryRows<{ id: number; base_id: number | null }>(tx, messageSummariesSql(messageIds));
    for (const r of rows) {
      rec.changed('messages', Number(r.id));
      rec.touchBases(r.base_id == null ? null : Number(r.base_id));
    }
    changed += rows.length;
    await nextTurn();
  }
  if (alertIds.length > 0) {
    const rows = await queryRows<{ id: number }>(tx, alertSummariesSql(alertIds));
    for (const r of rows) rec.changed('events', Number(r.id));
    changed += rows.length;
  }
  return changed;
}

const writers = new WeakMap<Database, ReceiptWriter>();

/** The app's receipt writer (one per database handle: the routes, the socket and the demo share its queue). */
export function receiptWriterOf(deps: { db: Database; hub: PushHub }): ReceiptWriter {
  let writer = writers.get(deps.db);
  if (!writer) {
    writer = new ReceiptWriter({ db: deps.db, hub: deps.hub });
    writers.set(deps.db, writer);
  }
  return writer;
}
