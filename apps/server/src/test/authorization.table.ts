/**
 * The authorization table (issue 11 item 7): one row per registered `METHOD /path` with what each demo
 * principal may do, walked by `authorization.api.test.ts`. Outcomes:
 * - 'allowed': neither 401 nor 403 (the call may still answer 404/409/422/502 for its data);
 * - 'refused': 403;
 * - {scoped}: the route hides what the principal may not see and answers one of `status` (404 for an event of
 *   another base, 422 for a parentId …), with a note why.
 * Without a session every route answers 401, except rows marked `public` (then anything but 401).
 * Requests point at rows of ANOTHER base than the unit's (Brno, base 4, against jednotka of Praha, base 3)
 * wherever tenancy matters, so "allowed" for jednotka there would be a leak.
 * Auto-generated HEAD routes follow their GET row (Fastify `exposeHeadRoutes`).
 */
import {
  CROSS_BASE,
  R,
  all,
  eventBody,
  hidden,
  OTHER_BASE,
  viewEvent,
  writeOnBrno,
  type Row,
} from './authorization.outcomes.js';
import { API_DESCRIPTION_ROWS } from './authorization.apiDescription.js';
import { MAP_SERVICE_ROWS } from './authorization.mapServices.js';
import { POSITION_ROWS } from './authorization.positions.js';
import { RECEIPT_ROWS } from './authorization.receipts.js';
import { RUN_CARD_ROWS } from './authorization.runCards.js';
import { REPORT_ROWS } from './authorization.reports.js';
import { WEB_PUSH_ROWS } from './authorization.webPush.js';

export {
  PRINCIPALS,
  type Fixture,
  type Outcome,
  type Principal,
  type PrincipalCtx,
  type Req,
  type Row,
} from './authorization.outcomes.js';

export const AUTHORIZATION_TABLE: Row[] = [
  // --- platform and auth
  { route: 'GET /version.json', public: true, request: () => ({ url: '/version.json' }), expect: all() },
  { route: 'GET /healthz', public: true, request: () => ({ url: '/healthz' }), expect: all() },
  { route: 'GET /readyz', public: true, request: () => ({ url: '/readyz' }), expect: all() },
  // issue 23: never public; the test app has no METRICS_TOKEN, so the main port answers 404 to everybody
  // (the token's 401/200 are metrics/metrics.test.ts')
  {
    route: 'GET /metrics',
    public: true,
    request: () => ({ url: '/metrics' }),
    expect: all(
      Object.fromEntries(
        (['admin', 'dispecer', 'jednotka', 'mng', 'udrp'] as const).map((p) => [p, hidden('no METRICS_TOKEN: 404')]),
      ),
    ),
  },
  ...API_DESCRIPTION_ROWS,
  ...RUN_CARD_ROWS,
  {
    route: 'POST /v2/auth/login',
    public: true,
    request: (_f, p) => ({ url: '/v2/auth/login', payload: { username: p.username, password: 'panel-demo' } }),
    expect: all(),
  },
  {
    route: 'POST /v2/auth/device',
    request: (_f, p) => ({ url: '/v2/auth/device', payload: { deviceId: p.deviceId } }),
    expect: all(),
  },
  { route: 'GET /v2/auth/identity', request: () => ({ url: '/v2/auth/identity' }), expect: all() },
  {
    route: 'POST /v2/auth/unlock',
    request: () => ({ url: '/v2/auth/unlock', payload: { username: 'nikdo' } }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: "lifting an account's login throttle: role admin or user.unlock (canUnlockLogins, issue 24 item 9)",
  },
  // --- alert escalation rules (issue 25 item 3): role admin or manage Escalation (canManageEscalation)
  {
    route: 'GET /v2/alerts/escalation-rules',
    request: () => ({ url: '/v2/alerts/escalation-rules' }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
  },
  {
    route: 'POST /v2/alerts/escalation-rules',
    request: () => ({ url: '/v2/alerts/escalation-rules', payload: { categoryId: 1, t1: 0, t2: 0, t3: 0 } }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'bad times (422) so no rule is made',
  },
  {
    route: 'PUT /v2/alerts/escalation-rules/:id',
    request: () => ({ url: '/v2/alerts/escalation-rules/999999', payload: { categoryId: 1, t1: 1, t2: 2, t3: 3 } }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
  },
  {
    route: 'DELETE /v2/alerts/escalation-rules/:id',
    request: () => ({ url: '/v2/alerts/escalation-rules/999999' }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
  },
  { route: 'POST /v2/auth/logout', freshSession: true, request: () => ({ url: '/v2/auth/logout' }), expect: all() },
  {
    route: 'PUT /v3/user/change-password',
    freshSession: true,
    note: 'a wrong old password (422) so no session ends',
    request: () => ({
      url: '/v3/user/change-password',
      payload: { oldPassword: 'spatne-heslo', newPassword: 'Nove-heslo-123' },
    }),
    expect: all(),
  },
  { route: 'POST /v2/app', request: () => ({ url: '/v2/app', payload: { uid: null } }), expect: all() },
  { route: 'GET /v2/assets/sounds', request: () => ({ url: '/v2/assets/sounds' }), expect: all() },
  {
    route: 'GET /v2/assets/sounds/files/:file',
    public: true,
    note: 'the sound files play in an <audio> element without headers',
    request: () => ({ url: '/v2/assets/sounds/files/neni.mp3' }),
    expect: all(),
  },

  // --- events
  {
    route: 'POST /v2/events',
    request: () => ({ url: '/v2/events', payload: eventBody() }),
    expect: all({ mng: R, udrp: R }),
    note: 'create Event: event.create grants (COIS, admin, operator); MNG and udrp have none',
  },
  {
    route: 'PUT /v2/events/:id',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}`, payload: { subject: 'tabulka' } }),
    expect: writeOnBrno({
      admin: R,
      dispecer: R,
      udrp: R,
      jednotka: OTHER_BASE,
    }),
    note: "texts of another base's event: canEditAttribute needs the own base, also for the central base",
  },
  {
    route: 'POST /v2/events/create-from/:uuid',
    request: (f) => ({ url: `/v2/events/create-from/${f.brnoEvent.uuid}`, payload: { event: { description: 'z' } } }),
    expect: all({ jednotka: OTHER_BASE, mng: R, udrp: R }),
  },
  {
    route: 'POST /v2/railway-operator/export/:uuid',
    request: (f) => ({ url: `/v2/railway-operator/export/${f.brnoEvent.uuid}` }),
    expect: all({ jednotka: OTHER_BASE, mng: R }),
    note: 'update Event on a visible event (the export sends it outside); udrp has update Event',
  },
  {
    route: 'POST /v2/railway-operator/test',
    request: () => ({ url: '/v2/railway-operator/test', payload: { code: 'T1' } }),
    expect: all({ mng: R, udrp: R }),
    note: 'manage Device (a unit has it for its own devices; the test call names none)',
  },
  {
    route: 'POST /v2/events/simulate/kopis',
    request: () => ({ url: '/v2/events/simulate/kopis' }),
    expect: all({ mng: R, udrp: R }),
    note: 'a test KOPIS event is a create: create Event',
  },
  { route: 'GET /v2/events/list', request: () => ({ url: '/v2/events/list' }), expect: viewEvent() },
  {
    route: 'GET /v2/events/journal/:eventId',
    request: (f) => ({ url: `/v2/events/journal/${f.brnoEvent.id}` }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'view Debug (role admin)',
  },
  {
    route: 'GET /v2/events/:id/history',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}/history` }),
    expect: viewEvent({ jednotka: OTHER_BASE }),
    note: "'Historie akcí': view Event and a visible event (MNG too); the raw journal stays view Debug",
  },
  {
    route: 'GET /v2/events/:id/link',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}/link` }),
    expect: viewEvent({ jednotka: OTHER_BASE }),
  },
  {
    route: 'POST /v2/events/:id/queue',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}/queue` }),
    expect: writeOnBrno(),
    note: 'update Event on the own or the central base; udrp (central base) has event.update from event role 50',
  },
  {
    route: 'POST /v2/event-to-events/:eventId/:otherEventId',
    request: (f) => ({ url: `/v2/event-to-events/${f.brnoEvent.id}/${f.brnoEvent.id + 1}` }),
    expect: all({ admin: R, jednotka: R, mng: R, udrp: R }),
    note: 'group COIS (canLink), checked before anything is read',
  },
  {
    route: 'DELETE /v2/event-to-events/:id',
    request: (f) => ({ url: `/v2/event-to-events/${f.brnoLinkId}` }),
    expect: all({ admin: R, jednotka: R, mng: R, udrp: R }),
    note: 'group COIS and a category of type event (canUnlink)',
  },
  {
    route: 'GET /v2/queue',
    request: () => ({ url: '/v2/queue' }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'queue.view (role admin) or view Debug',
  },
  {
    route: 'POST /v2/queue/:id/take',
    request: (f) => ({ url: `/v2/queue/${f.queueItemId}/take` }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'queue.take (role admin) or view Debug',
  },

  // --- messages and media
  {
    route: 'POST /v2/messages',
    request: (f) => ({
      url: '/v2/messages',
      payload: { uuid: crypto.randomUUID(), eventId: f.brnoEvent.id, messageCategoryId: 1, type: 'X03', content: 't' },
    }),
    expect: all({ jednotka: OTHER_BASE, mng: R }),
    note: 'manage Message{category}; MNG is view-only',
  },
  {
    route: 'GET /v2/messages/:id',
    request: (f) => ({ url: `/v2/messages/${f.brnoMessageId}` }),
    expect: all({ jednotka: OTHER_BASE }),
  },
  {
    route: 'GET /v2/messages/event/:eventId',
    request: (f) => ({ url: `/v2/messages/event/${f.brnoEvent.id}` }),
    expect: all({ jednotka: OTHER_BASE }),
  },
  { route: 'POST /v2/messages/user/read', request: () => ({ url: '/v2/messages/user/read' }), expect: all() },
  {
    route: 'POST /v2/messages/:id/read',
    request: (f) => ({ url: `/v2/messages/${f.brnoMessageId}/read` }),
    expect: all({ jednotka: OTHER_BASE }),
  },
  {
    route: 'POST /v2/messages/event/:id/read',
    request: (f) => ({ url: `/v2/messages/event/${f.brnoEvent.id}/read`, payload: {} }),
    expect: all({ jednotka: OTHER_BASE }),
  },
  {
    route: 'POST /v2/messages/conversation/:id/read',
    request: (f) => ({ url: `/v2/messages/conversation/${f.brnoConversationId}/read` }),
    expect: all({ jednotka: OTHER_BASE }),
  },
  {
    route: 'POST /v2/messages/:id/confirm',
    request: (f) => ({ url: `/v2/messages/${f.brnoMessageId}/confirm` }),
    expect: all({ jednotka: OTHER_BASE, mng: R }),
  },
  {
    route: 'POST /v2/messages/:id/tag/:tagId',
    request: (f) => ({ url: `/v2/messages/${f.brnoMessageId}/tag/${f.tagId}` }),
    expect: all({ jednotka: OTHER_BASE, mng: R }),
    note: 'manage Message (tag clicking, 000 §4)',
  },
  {
    route: 'DELETE /v2/messages/:id/tag/:tagId',
    request: (f) => ({ url: `/v2/messages/${f.brnoMessageId}/tag/${f.tagId}` }),
    expect: all({ jednotka: OTHER_BASE, mng: R }),
  },
  {
    route: 'POST /v2/media/event/:eventId/:fileName',
    request: (f, p) => ({
      url: `/v2/media/event/${f.brnoEvent.id}/${f.brnoEvent.id}-20260101_101010-${p.deviceCode}.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    }),
    expect: all({ jednotka: OTHER_BASE, mng: R }),
    note: 'canUploadMedia (a right to send messages); MNG is view-only',
  },
  {
    route: 'GET /v2/media/event/:eventId/:fileName',
    request: (f) => ({ url: `/v2/media/event/${f.brnoEvent.id}/${f.brnoMediaFile}` }),
    expect: all({ jednotka: OTHER_BASE }),
  },
  {
    route: 'POST /ktc/panel/sendMessage',
    request: (f) => ({ url: '/ktc/panel/sendMessage', payload: { id: f.brnoMessageId, unit_id: 'hzs-brn' } }),
    expect: all({ jednotka: OTHER_BASE, mng: R }),
    note: 'manage Message',
  },

  // --- contacts, SMS
  {
    route: 'POST /v2/event-contacts',
    request: (f) => ({
      url: '/v2/event-contacts',
      payload: { eventId: f.brnoEvent.id, name: 'T', number: '725000111' },
    }),
    expect: writeOnBrno(),
    note: 'create EventContact',
  },
  {
    route: 'DELETE /v2/event-contacts/:id',
    request: (f) => ({ url: `/v2/event-contacts/${f.brnoContactId}` }),
    expect: writeOnBrno(),
  },
  { route: 'GET /v2/contacts', request: () => ({ url: '/v2/contacts?name=nov' }), expect: all() },
  {
    route: 'GET /hzs/occurrence/info',
    request: (f) => ({ url: `/hzs/occurrence/info?id=${f.brnoEvent.uuid}&base_id=hzs-brn` }),
    expect: viewEvent({ jednotka: OTHER_BASE }),
  },
  {
    route: 'POST /hzs/contact/sms',
    request: () => ({ url: '/hzs/contact/sms', payload: { base_id: 'hzs-brn', number: '725000111', content: 'test' } }),
    expect: all({ mng: R }),
    note: 'create EventContact',
  },

  // --- jobs, resources, map objects
  {
    route: 'POST /v2/event-jobs',
    request: (f) => ({
      url: '/v2/event-jobs',
      payload: { uuid: crypto.randomUUID(), eventId: f.brnoEvent.id, resourceId: f.brnoResourceId },
    }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
    note: 'create EventJob (udrp: from the default event role 50, own base only); ending needs the vehicle base or the central one',
  },
  {
    route: 'PUT /v2/event-jobs/:id',
    request: (f) => ({ url: `/v2/event-jobs/${f.brnoJobId}`, payload: { eventJobStatusId: 15 } }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
  },
  {
    route: 'POST /v2/event-jobs/:id/route',
    request: (f) => ({ url: `/v2/event-jobs/${f.brnoJobId}/route` }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
    note: "send the route to the job's vehicle: create EventJob, like the other job writes (issue 12 item 13)",
  },
  {
    route: 'DELETE /v2/event-jobs/:id',
    request: (f) => ({ url: `/v2/event-jobs/${f.brnoJobId}` }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
  },
  { route: 'GET /v2/resources', request: () => ({ url: '/v2/resources' }), expect: all({ mng: R, udrp: R }) },
  // --- tracking (issue 14)
  {
    route: 'GET /v2/resources/trails',
    request: () => ({ url: '/v2/resources/trails' }),
    expect: all({ mng: R, udrp: R }),
    note: 'view EventResources; a unit gets the trails of its own vehicles and of those on its events only',
  },
  {
    route: 'GET /v2/events/:id/tracks',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}/tracks` }),
    expect: viewEvent({ jednotka: OTHER_BASE }),
    note: 'the jobs follow their event: view Event and a visible event',
  },
  {
    route: 'GET /v2/events/:id/report',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}/report` }),
    expect: viewEvent({ jednotka: OTHER_BASE }),
    note: 'the incident report (issue 26 item 3): view Event and a visible event; messages with view Message',
  },
  {
    route: 'GET /v2/events/:id/vehicle-eta',
    request: (f) => ({ url: `/v2/events/${f.brnoEvent.id}/vehicle-eta` }),
    expect: all({ mng: R, udrp: R, jednotka: OTHER_BASE }),
    note: 'the deployment dialog: view EventResources and a visible event',
  },
  {
    route: 'POST /v2/event-objects',
    request: (f) => ({
      url: '/v2/event-objects',
      payload: { uuid: crypto.randomUUID(), eventId: f.brnoEvent.id, longitude: 16.6, latitude: 49.2, content: 'n' },
    }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
    note: 'manage Message2 (map notes)',
  },
  {
    route: 'PUT /v2/event-objects/:id',
    request: (f) => ({ url: `/v2/event-objects/${f.brnoNoteId}`, payload: { content: 'změna' } }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
  },
  {
    route: 'DELETE /v2/event-objects/:id',
    request: (f) => ({ url: `/v2/event-objects/${f.brnoNoteId}` }),
    expect: writeOnBrno({ udrp: CROSS_BASE }),
  },
  {
    route: 'POST /v2/event-geos',
    request: (f) => ({
      url: '/v2/event-geos',
      payload: {
        uuid: crypto.randomUUID(),
        eventId: f.brnoEvent.id,
        geojson: { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [16.6, 49.2] } },
      },
    }),
    expect: writeOnBrno({ admin: R, dispecer: R, udrp: R }),
    note: 'drawing: an event of the own base only (001 §6), the central base included',
  },
  {
    route: 'PUT /v2/event-geos/:id',
    request: (f) => ({ url: `/v2/event-geos/${f.brnoGeoId}`, payload: { title: 'změna' } }),
    expect: writeOnBrno({ admin: R, dispecer: R, udrp: R }),
  },
  {
    route: 'DELETE /v2/event-geos/:id',
    request: (f) => ({ url: `/v2/event-geos/${f.brnoGeoId}` }),
    expect: writeOnBrno({ admin: R, dispecer: R, udrp: R }),
  },

  // --- devices and logs
  {
    route: 'GET /v2/devices',
    request: () => ({ url: '/v2/devices?baseId=4' }),
    expect: all({ jednotka: R, mng: R, udrp: R }),
    note: 'another unit needs device.all on the central base',
  },
  {
    route: 'GET /v2/devices/:id',
    request: (f) => ({ url: `/v2/devices/${f.brnoDeviceId}` }),
    expect: all({ jednotka: R, mng: R, udrp: R }),
  },
  {
    route: 'PUT /v2/devices/request-test',
    request: (f) => ({ url: '/v2/devices/request-test', payload: { id: f.brnoDeviceId } }),
    expect: all({ jednotka: R, mng: R, udrp: R }),
    note: 'manage Device and a device the user sees',
  },
  {
    route: 'POST /v2/devices/heartbeat',
    request: () => ({ url: '/v2/devices/heartbeat', payload: { status: 1 } }),
    expect: all(),
    note: "the session's own device",
  },
  {
    route: 'POST /v2/devices/test-result',
    request: () => ({ url: '/v2/devices/test-result', payload: { parameters: { battery: 80 } } }),
    expect: all(),
    note: "the session's own device",
  },
  ...POSITION_ROWS,
  ...RECEIPT_ROWS,
  ...REPORT_ROWS,
  ...WEB_PUSH_ROWS,
  {
    route: 'POST /v2/logs/log/:deviceId/:stamp/state.json',
    request: (f) => ({ url: `/v2/logs/log/${f.brnoDeviceId}/20260101101010/state.json`, payload: { a: 1 } }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: "the session's own or an assigned device; view Debug (admin) any device",
  },
  {
    route: 'GET /v2/logs/log/:deviceId/:stamp/state.json',
    request: (f) => ({ url: `/v2/logs/log/${f.brnoDeviceId}/20260101101010/state.json` }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'view Debug',
  },
  {
    route: 'POST /v2/debug/push/:deviceId',
    request: (f) => ({ url: `/v2/debug/push/${f.brnoDeviceId}`, payload: { payload: { test: 'tabulka' } } }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'manage Debug (role admin): the debug dialog of 001 §2 on that device',
  },
  {
    route: 'GET /v2/logs',
    request: () => ({ url: '/v2/logs' }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
  },
  {
    route: 'POST /v2/logs/errors',
    request: () => ({ url: '/v2/logs/errors', payload: { errors: [{ message: 'tabulka' }] } }),
    expect: all(),
  },
  {
    route: 'GET /v2/logs/errors',
    request: () => ({ url: '/v2/logs/errors' }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
  },

  // --- map data and map services (reads of shared, non-tenant data)
  ...MAP_SERVICE_ROWS,
];
