/**
 * The authorization table's rows of the run cards (issue 26 item 1), part of `AUTHORIZATION_TABLE`
 * (authorization.table.ts): the cards are the administrator's (role admin); the proposal reads like the vehicle
 * ETAs (view EventResources, a visible event); deploying by plan is a deployment (create EventJob, the event's
 * rows writable).
 */
import { OTHER_BASE, R, all, writeOnBrno, CROSS_BASE, type Row } from './authorization.outcomes.js';

const adminOnly = () => all({ dispecer: R, jednotka: R, mng: R, udrp: R });
const card = { name: 'x', eventCategoryId: 1, lines: [{ resourceTypeId: 1, count: 0, maxEtaMinutes: 0 }] };

export const RUN_CARD_ROWS: Row[] = [
  { route: 'GET /v2/run-cards', request: () => ({ url: '/v2/run-cards' }), expect: adminOnly() },
  {
    route: 'POST /v2/run-cards',
    request: () => ({ url: '/v2/run-cards', payload: card }),
    expect: adminOnly(),
    note: 'a bad count (422) so no card is made',
  },
  {
    route: 'PUT /v2/run-cards/:id',
    request: () => ({ url: '/v2/run-cards/999999', payload: card }),
    expect: adminOnly(),
  },
  { route: 'DELETE /v2/run-cards/:id', request: () => ({ url: '/v2/run-cards/999999' }), expect: adminOnly() },
  {
    route: 'GET /v2/events/:id/run-card',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}/run-card` }),
    expect: all({ mng: R, udrp: R, jednotka: OTHER_BASE }),
    note: 'the deployment dialog: view EventResources and a visible event',
  },
  {
    route: 'POST /v2/events/:id/run-card/deploy',
    request: (f) => ({
      url: `/v2/events/${f.brnoEvent.id}/run-card/deploy`,
      payload: { lines: [{ resourceTypeId: 999, resourceIds: [f.brnoResourceId] }] },
    }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
    note: 'a deployment: create EventJob, rows of another base only for a role that views them; a wrong type (422) deploys nothing',
  },
];
