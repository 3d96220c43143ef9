/**
 * Delivery receipt calls (API.md "Delivery receipts", issue 25); bodies and answers are `@panel/domain/receipts`,
 * only their types come here.
 */
import type { z } from 'zod';
import type { DeviceDeliveries, ReceiptKind, ReceiptList, ReceiptsBody, receiptsResult } from '@panel/domain/receipts';
import { api } from './client';

/** POST /v2/receipts: this panel's device received / showed these items. */
export function reportReceipts(body: ReceiptsBody): Promise<z.infer<typeof receiptsResult>> {
  return api.post('/v2/receipts', body);
}

/** GET /v2/receipts/{kind}/{id}: the devices that should have the item, as far as this user sees them. */
export function fetchReceiptList(kind: ReceiptKind, id: number, signal?: AbortSignal): Promise<ReceiptList> {
  return api.get(`/v2/receipts/${kind}/${id}`, { signal });
}

/** GET /v2/receipts/devices: last delivery and deliveries missed today of the devices this user sees. */
export function fetchDeviceDeliveries(signal?: AbortSignal): Promise<DeviceDeliveries> {
  return api.get('/v2/receipts/devices', { signal });
}
