/**
 * The authorization table's rows of Web Push (issue 25 item 2), part of `AUTHORIZATION_TABLE`
 * (authorization.table.ts): the key and the subscription belong to the session's own device, the ack is public
 * (the service worker has no session; the signed token is the proof, so a made-up one is 422 for everybody).
 */
import { all, type Row } from './authorization.outcomes.js';

export const WEB_PUSH_ROWS: Row[] = [
  { route: 'GET /v2/web-push/key', request: () => ({ url: '/v2/web-push/key' }), expect: all() },
  {
    route: 'PUT /v2/web-push/subscription',
    note: "the session's own device; an http endpoint is 422 for everybody, so nothing is stored",
    request: () => ({
      url: '/v2/web-push/subscription',
      payload: { endpoint: 'http://push.example/x', keys: { p256dh: 'B', auth: 'a' } },
    }),
    expect: all(),
  },
  {
    route: 'DELETE /v2/web-push/subscription',
    note: "the session's own subscriptions",
    request: () => ({ url: '/v2/web-push/subscription' }),
    expect: all(),
  },
  {
    route: 'POST /v2/web-push/ack',
    public: true,
    request: () => ({ url: '/v2/web-push/ack', payload: { token: '1.2000000000.neplatny-podpis' } }),
    expect: all(),
  },
];
