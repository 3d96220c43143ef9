/**
 * The authorization table's rows of delivery receipts (issue 25), part of `AUTHORIZATION_TABLE`
 * (authorization.table.ts): reporting is every session's own device; the lists follow the item's visibility.
 */
import { OTHER_BASE, all, type Row } from './authorization.outcomes.js';

export const RECEIPT_ROWS: Row[] = [
  {
    route: 'POST /v2/receipts',
    note: "the session's own device reports; items it may not see are not counted (summaries count addressees)",
    request: (f) => ({
      url: '/v2/receipts',
      payload: { items: [{ kind: 'message', id: f.brnoMessageId, state: 'delivered' }] },
    }),
    expect: all(),
  },
  {
    route: 'GET /v2/receipts/devices',
    note: 'the devices GET /v2/devices lists (own unit, or all with device.all on the central base)',
    request: () => ({ url: '/v2/receipts/devices' }),
    expect: all(),
  },
  {
    route: 'GET /v2/receipts/:kind/:id',
    note: 'view Message and the message visible (a unit: own devices, or all for what it sent)',
    request: (f) => ({ url: `/v2/receipts/message/${f.brnoMessageId}` }),
    expect: all({ jednotka: OTHER_BASE }),
  },
];
