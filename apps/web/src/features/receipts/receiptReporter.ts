/**
 * This panel's delivery receipts (issue 25 item 1): *delivered* when the sync engine applies a pulled or pushed
 * answer that carries a message or an alert for this device, *shown* when a bubble or an alert card is rendered
 * while the panel is visible. Reports are batched for ~1 s and sent on the session's socket (acknowledged), else
 * as one POST /v2/receipts per way they came
 * (the server coalesces again, first time wins); each (item, state) is reported once a session. A failed report
 * is retried with the next batch; a refused one (4xx) is dropped — a receipt is a report, not a command.
 */
import { awaitsAcceptance } from '@panel/domain/events';
import { fromWireTime } from '@panel/domain/locale';
import {
  MAX_RECEIPTS_PER_REPORT,
  RECEIPTS_SOCKET_EVENT,
  withinReportWindow,
  type ReceiptsBody,
  type ReceiptKind,
  type ReceiptState,
} from '@panel/domain/receipts';
import type { AppBundle } from '@panel/domain/sync';
import { reportReceipts } from '../../api/receipts';
import { ApiError } from '../../api/client';
import { emitOnSocket } from '../sync/realtime';
import { useAuthStore } from '../../stores/authStore';

type Via = 'poll' | 'push' | 'view';
interface Item {
  kind: ReceiptKind;
  id: number;
  state: ReceiptState;
}

export const RECEIPT_BATCH_MS = 1000;
/** keys remembered as reported; beyond it the oldest are forgotten (a re-report is harmless) */
const REMEMBERED = 20_000;

const reported = new Set<string>();
let queued = new Map<Via, Map<string, Item>>();
let timer: ReturnType<typeof setTimeout> | null = null;
let generation = 0;

function queue(item: Item, via: Via): void {
  const key = `${item.kind}|${item.id}|${item.state}`;
  if (reported.has(key)) return;
  reported.add(key);
  if (reported.size > REMEMBERED) reported.delete(reported.values().next().value!);
  let batch = queued.get(via);
  if (!batch) queued.set(via, (batch = new Map()));
  batch.set(key, item);
  timer ??= setTimeout(() => void flush(), RECEIPT_BATCH_MS);
}

async function flush(): Promise<void> {
  timer = null;
  const session = generation;
  const batches = queued;
  queued = new Map();
  for (const [via, batch] of batches) {
    const items = [...batch.values()];
    for (let from = 0; from < items.length; from += MAX_RECEIPTS_PER_REPORT) {
      const part = items.slice(from, from + MAX_RECEIPTS_PER_REPORT);
      // on the socket when the panel has one (no HTTP request, issue 25's cost), else POST /v2/receipts
      if (await sentOnSocket({ items: part, via })) continue;
      if (session !== generation) return;
      try {
        await reportReceipts({ items: part, via });
      } catch (error) {
        if (session !== generation) return; // logged out meanwhile
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) continue;
        // offline or a server failure: again with the next batch
        for (const item of part) {
          reported.delete(`${item.kind}|${item.id}|${item.state}`);
          queue(item, via);
        }
      }
    }
  }
}

async function sentOnSocket(body: ReceiptsBody): Promise<boolean> {
  const answer = await emitOnSocket(RECEIPTS_SOCKET_EVENT, body);
  return typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === true;
}

/** The sync engine applied `bundle` (pulled: 'poll', pushed on the socket: 'push'). */
export function noteBundleReceipts(bundle: Partial<AppBundle>, via: 'poll' | 'push', now = new Date()): void {
  const device = useAuthStore.getState().device?.id ?? null;
  if (device === null) return;
  for (const m of bundle.messages ?? []) {
    if (m.deviceId === device || !withinReportWindow(fromWireTime(m.insertedAt ?? m.createdAt), now)) continue;
    queue({ kind: 'message', id: m.id, state: 'delivered' }, via);
  }
  for (const e of bundle.events ?? []) {
    if (e.id == null || !e.alert?.title || !awaitsAcceptance(e) || e.deviceId === device) continue;
    if (!withinReportWindow(fromWireTime(e.createdAt), now)) continue;
    queue({ kind: 'alert', id: e.id, state: 'delivered' }, via);
  }
}

/** A bubble or an alert card is on the screen: reported as shown while the panel is visible. */
export function noteShown(kind: ReceiptKind, id: number): boolean {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return false;
  queue({ kind, id, state: 'shown' }, 'view');
  return true;
}

/**
 * The batch of one way (at most one report's worth), taken out to ride on a pull (api/app.ts). If that pull
 * fails, the receipts are lost for this session: the next answer that carries the items reports nothing new —
 * acceptable for a report, and the per-device list then shows the device as not delivered.
 */
export function takeWaitingReceipts(via: Via): Item[] {
  const batch = queued.get(via);
  if (!batch) return [];
  const items = [...batch.values()].slice(0, MAX_RECEIPTS_PER_REPORT);
  for (const i of items) batch.delete(`${i.kind}|${i.id}|${i.state}`);
  if (batch.size === 0) queued.delete(via);
  return items;
}

/** Logout: forget the session's receipts (a new session reports again). */
export function resetReceipts(): void {
  generation += 1;
  if (timer) clearTimeout(timer);
  timer = null;
  queued = new Map();
  reported.clear();
}

/** Tests: send what is queued now. */
export const flushReceipts = flush;
