/**
 * The one entry to delivery receipts for the other modules (issue 25): the receipts route, the socket, the
 * demo's field devices and the Web Push acknowledgement queue here; the writer (writer.ts) batches and coalesces
 * them and writes them a second later in one transaction.
 */
import type { z } from 'zod';
import type { receiptsBody } from '@panel/domain/receipts';
import type { AppDeps } from '../../context.js';
import { receiptWriterOf, type ReceiptInput } from './writer.js';

export type { ReceiptInput };

/** Queues the receipts of `deviceId` (the session's confirmed device); never throws, never waits. */
export function queueReceipts(deps: Pick<AppDeps, 'db' | 'hub'>, deviceId: number, items: ReceiptInput[]): void {
  receiptWriterOf(deps).enqueue(deviceId, items);
}

/** Read marks made on `deviceId` (modules/messages, the read calls): the messages' per-device read times. */
export function queueReadReceipts(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  deviceId: number,
  messageIds: number[],
  at: Date,
): void {
  if (messageIds.length === 0) return;
  receiptWriterOf(deps).enqueueReads(deviceId, messageIds, at);
}

/** A panel's report (POST /v2/receipts or its socket) as receipts of `at`, the moment it arrived. */
export function receiptsOfReport(body: z.output<typeof receiptsBody>, at: Date): ReceiptInput[] {
  return body.items.map((i) => ({ kind: i.kind, id: i.id, state: i.state, via: body.via, at }));
}
