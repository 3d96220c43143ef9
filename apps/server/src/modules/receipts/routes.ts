/**
 * Delivery receipt calls (issue 25 item 1; docs/API.md "Delivery receipts"); the schemas are
 * `@panel/domain/receipts`:
 *
 * - POST /v2/receipts `{items: [{kind, id, state}], via}`: the session's confirmed device reports what its
 *   panel received (delivered) and rendered while visible (shown); queued, written within a second
 *   (writer.ts). 422 without a confirmed device. Items the device may not see are kept as reports only: the
 *   summaries count the devices the item is addressed to, whatever else reports.
 * - GET /v2/receipts/{kind}/{id}: the per-device list of a message or an alert (404 unless the item is visible;
 *   the devices by domain `mayViewDeviceReceipts`).
 * - GET /v2/receipts/devices: the device overview's delivery columns, for the devices GET /v2/devices lists.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceDeliveriesAnswer,
  receiptListAnswer,
  receiptListParams,
  receiptsBody,
  receiptsResult,
  receiptTexts,
} from '@panel/domain/receipts';
import { requireAbility } from '../../http/requireAbility.js';
import { unprocessable } from '../../errors.js';
import { queueReceipts, receiptsOfReport } from './record.js';
import { receiptWriterOf } from './writer.js';
import { deviceDeliveries, receiptList } from './queries.js';

export default async function receiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', async () => {
    // the queued receipts are written before the database closes (what fails stays logged, not thrown)
    const writer = receiptWriterOf(app.deps);
    await writer.flush().catch((err) => console.error('[panel] receipts not written at shutdown', err));
    writer.stop();
  });

  r.post(
    '/v2/receipts',
    {
      schema: {
        operationId: 'reportReceipts',
        summary: 'The session device reports what it received and showed.',
        tags: ['receipts'],
        body: receiptsBody,
        response: { 200: receiptsResult },
      },
    },
    async (request) => {
      const deviceId = request.auth.deviceId;
      if (deviceId == null) throw unprocessable({ field: 'deviceId', message: receiptTexts.noDevice });
      queueReceipts(app.deps, deviceId, receiptsOfReport(request.body, new Date()));
      return { result: true as const, queued: request.body.items.length };
    },
  );

  r.get(
    '/v2/receipts/devices',
    {
      schema: {
        operationId: 'listDeviceDeliveries',
        summary: 'The delivery columns of the device overview.',
        tags: ['receipts'],
        response: { 200: deviceDeliveriesAnswer },
      },
    },
    async (request) => {
      return { items: await deviceDeliveries(app.deps.db, request.auth) };
    },
  );

  r.get(
    '/v2/receipts/:kind/:id',
    {
      schema: {
        operationId: 'listReceipts',
        summary: 'The per-device receipts of a message or an alert.',
        tags: ['receipts'],
        params: receiptListParams,
        response: { 200: receiptListAnswer },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      requireAbility(request, 'view', kind === 'message' ? 'Message' : 'Event');
      return receiptList(app.deps.db, request.auth, kind, id);
    },
  );
}
