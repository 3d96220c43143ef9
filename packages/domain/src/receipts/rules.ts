/**
 * Pure rules of delivery receipts (issue 25 item 1): when a delivery counts as missed, which tick an own
 * message shows, and who may see which device's receipts. The server enforces them, the panel shows them.
 */
import { CENTRAL_BASE_ID } from '../constants/index';
import type { ReceiptSummary } from './schema';

/** A device that has not received an item within this many seconds of its time is marked as missed. */
export const MISSED_AFTER_SECONDS = 60;

/** Whether a device missed an item: not delivered (or delivered late) `MISSED_AFTER_SECONDS` after its time. */
export function isMissed(itemAt: Date, deliveredAt: Date | null, now: Date): boolean {
  const due = itemAt.getTime() + MISSED_AFTER_SECONDS * 1000;
  if (deliveredAt) return deliveredAt.getTime() > due;
  return now.getTime() > due;
}

/**
 * The ticks of an own message, as messengers show them: 'sent' (the server has it), 'delivered' (every device
 * that should have it has it), 'read' (read on at least one device).
 */
export type TickState = 'sent' | 'delivered' | 'read';

export function tickState(summary: ReceiptSummary | null | undefined): TickState {
  if (!summary) return 'sent';
  if (summary.read > 0) return 'read';
  if (summary.expected > 0 && summary.delivered >= summary.expected) return 'delivered';
  return 'sent';
}

/**
 * Who sees a device's receipts of an item (issue 25: "a unit sees receipts for what it sent and for its own
 * devices; the central base sees all"): the central base every device; the base that sent the item (the
 * message's sender, the alert's event owner) every device; any other base only its own devices.
 */
export function mayViewDeviceReceipts(
  viewer: { baseId: number | null },
  item: { senderBaseId: number | null },
  device: { baseId: number | null },
): boolean {
  if (viewer.baseId === CENTRAL_BASE_ID) return true;
  if (viewer.baseId === null) return false;
  if (item.senderBaseId !== null && item.senderBaseId === viewer.baseId) return true;
  return device.baseId === viewer.baseId;
}

/**
 * A panel reports the delivery of items at most this old: a full bundle after a login carries the history,
 * whose deliveries were made (or missed) long ago — reporting them would only cost a burst of writes.
 */
export const REPORT_WINDOW_SECONDS = 3600;

/** Whether a panel reports an item of this time (wire time or Date) as delivered now. */
export function withinReportWindow(itemAt: Date | null, now: Date): boolean {
  return itemAt !== null && now.getTime() - itemAt.getTime() <= REPORT_WINDOW_SECONDS * 1000;
}
