/**
 * Delivery receipts per device (issue 25 item 1) as one contract: what a panel reports (delivered, shown), the
 * compact summary a message and an alert carry, and the per-device list asked for on request. The server
 * validates with these, the web infers its types from them.
 */
import { z } from 'zod';
import { wireIdParam } from '../http/index';

export const RECEIPT_KINDS = ['message', 'alert'] as const;
export const RECEIPT_STATES = ['delivered', 'shown'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** At most this many receipts in one report (a panel batches ~1 s of them). */
export const MAX_RECEIPTS_PER_REPORT = 500;

/**
 * The compact summary carried by a message (`Message.receipts`) and an alert (`EventAlert.receipts`): how many
 * devices should have it and how many have delivered / shown / read (a message) or accepted (an alert) it.
 * Absent until the first receipt of the item was written.
 */
export const receiptSummarySchema = z
  .object({
    expected: z.number().int().describe('devices that should get it (devices of the bases it is for)'),
    delivered: z.number().int(),
    shown: z.number().int(),
    read: z.number().int().describe('devices on which it was read (message) or accepted (alert)'),
  })
  .meta({ id: 'ReceiptSummary' });

/** One receipt a panel reports for its own (the session's confirmed) device. */
export const receiptReportItem = z.object({
  kind: z.enum(RECEIPT_KINDS),
  id: z.number().int().positive(),
  state: z.enum(RECEIPT_STATES),
});

/** POST /v2/receipts: a batch of the session device's receipts; `via` how the panel got the items. */
/**
 * The socket event a panel sends its receipts on (body `receiptsBody`, acknowledged `{ok}`): a panel that takes
 * its deltas in the push reports them there, costing no HTTP request; POST /v2/receipts when it has no socket.
 */
export const RECEIPTS_SOCKET_EVENT = 'receipts';

export const receiptsBody = z.object({
  items: z.array(receiptReportItem).min(1).max(MAX_RECEIPTS_PER_REPORT),
  via: z.enum(['socket', 'poll', 'push', 'view']).optional().default('poll'),
});

/** `{result: true, queued}`: how many receipts were queued (the write follows within a second). */
export const receiptsResult = z.object({ result: z.literal(true), queued: z.number().int() });

/** GET /v2/receipts/{kind}/{id}. */
export const receiptListParams = z.object({ kind: z.enum(RECEIPT_KINDS), id: wireIdParam() });

/** One device that should get the item, with its times (wire times, null while not yet). */
export const deviceReceiptSchema = z
  .object({
    deviceId: z.number(),
    code: z.string(),
    name: z.string(),
    baseId: z.number().nullable(),
    baseName: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    shownAt: z.string().nullable(),
    /** read (message) or accepted (alert) on this device */
    readAt: z.string().nullable(),
    /** not delivered within MISSED_AFTER_SECONDS of the item's time */
    missed: z.boolean(),
  })
  .meta({ id: 'DeviceReceipt' });

/**
 * GET /v2/receipts/{kind}/{id}: the summary and the devices the viewer may see (a unit: every device for what
 * it sent, else its own devices; the central base: all).
 */
export const receiptListAnswer = z
  .object({
    kind: z.enum(RECEIPT_KINDS),
    id: z.number(),
    summary: receiptSummarySchema,
    devices: z.array(deviceReceiptSchema),
  })
  .meta({ id: 'ReceiptList' });

/** The device overview's delivery columns: last delivery and the deliveries missed today (Prague day). */
export const deviceDeliverySchema = z.object({
  deviceId: z.number(),
  lastDeliveryAt: z.string().nullable(),
  missedToday: z.number().int(),
});

/** GET /v2/receipts/devices: the delivery columns of the devices the viewer sees in the overview. */
export const deviceDeliveriesAnswer = z
  .object({ items: z.array(deviceDeliverySchema) })
  .meta({ id: 'DeviceDeliveries' });

export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;
export type ReceiptsBody = z.input<typeof receiptsBody>;
export type DeviceReceipt = z.infer<typeof deviceReceiptSchema>;
export type ReceiptList = z.infer<typeof receiptListAnswer>;
export type DeviceDelivery = z.infer<typeof deviceDeliverySchema>;
export type DeviceDeliveries = z.infer<typeof deviceDeliveriesAnswer>;
