/**
 * The authorization table's rows of the position ingest (issue 14), part of `AUTHORIZATION_TABLE`
 * (authorization.table.ts): trackers authenticate with their own secret, not a session (public routes); the
 * tracker administration is role admin.
 */
import { R, all, type Row } from './authorization.outcomes.js';

export const POSITION_ROWS: Row[] = [
  ...(['GET', 'POST'] as const).flatMap((method): Row[] => [
    {
      route: `${method} /v2/positions/osmand`,
      public: true,
      note: 'trackers use their secret, not a session: a report without latitude is 422 for everybody (a bad secret 401)',
      request: () => ({ url: '/v2/positions/osmand?id=N-BRN-01&lon=14&key=neplatny-klic-1234567890' }),
      expect: all(),
    },
    {
      route: `${method} /v2/positions/osmand/:secret`,
      public: true,
      request: () => ({ url: '/v2/positions/osmand/neplatny-klic-1234567890?id=N-BRN-01&lon=14' }),
      expect: all(),
    },
  ]),
  {
    route: 'POST /v2/positions/traccar',
    public: true,
    request: () => ({ url: '/v2/positions/traccar', payload: { position: { latitude: 50, longitude: 14 } } }),
    expect: all(),
  },
  {
    route: 'POST /v2/positions/traccar/:secret',
    public: true,
    request: () => ({ url: '/v2/positions/traccar/neplatny-klic-1234567890', payload: { position: {} } }),
    expect: all(),
  },
  {
    route: 'GET /v2/positions/trackers',
    request: () => ({ url: '/v2/positions/trackers' }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'manage Debug (role admin): tracker secrets are credentials',
  },
  {
    route: 'POST /v2/positions/trackers/:deviceId/secret',
    request: (f) => ({ url: `/v2/positions/trackers/${f.brnoDeviceId}/secret`, payload: {} }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'manage Debug (role admin)',
  },
  {
    route: 'DELETE /v2/positions/trackers/:deviceId/secret',
    request: (f) => ({ url: `/v2/positions/trackers/${f.brnoDeviceId}/secret` }),
    expect: all({ dispecer: R, jednotka: R, mng: R, udrp: R }),
    note: 'manage Debug (role admin); 404 when the device has no secret',
  },
];
