/** The authorization table's rows of map data and map services (see authorization.table.ts). */
import { R, all, OTHER_BASE, viewEvent, type Row } from './authorization.outcomes.js';

export const MAP_SERVICE_ROWS: Row[] = [
  { route: 'GET /v2/map/country', request: () => ({ url: '/v2/map/country' }), expect: viewEvent() },
  { route: 'GET /v2/map/railway-lines', request: () => ({ url: '/v2/map/railway-lines' }), expect: viewEvent() },
  { route: 'GET /v2/map/railway-points', request: () => ({ url: '/v2/map/railway-points' }), expect: viewEvent() },
  { route: 'GET /v2/map/places', request: () => ({ url: '/v2/map/places' }), expect: viewEvent() },
  {
    route: 'GET /v2/map/proxy',
    public: true,
    note: 'GetCapabilities of allowed hosts only, loaded by the map without headers',
    request: () => ({ url: '/v2/map/proxy?url=https%3A%2F%2Fexample.invalid%2Fwms' }),
    expect: (() => {
      const host = { scoped: [403], note: 'a host that is no configured layer: refused for everybody alike' };
      return all({ admin: host, dispecer: host, jednotka: host, mng: host, udrp: host });
    })(),
  },
  {
    route: 'GET /v2/map/tile',
    public: true,
    note: 'tiles of configured layer hosts without CORS, loaded by the map without headers',
    request: () => ({ url: '/v2/map/tile?url=https%3A%2F%2Fexample.invalid%2F1%2F2%2F3.png' }),
    expect: (() => {
      const host = { scoped: [403], note: 'a host that is no configured layer: refused for everybody alike' };
      return all({ admin: host, dispecer: host, jednotka: host, mng: host, udrp: host });
    })(),
  },
  {
    route: 'POST /v2/search/query',
    request: () => ({
      url: '/v2/search/query',
      payload: { jsonrpc: '2.0', id: 1, method: 'fire.search', params: { searchTerm: 'pra' } },
    }),
    expect: viewEvent(),
  },
  { route: 'GET /v2/search/query', request: () => ({ url: '/v2/search/query?searchTerm=pra' }), expect: viewEvent() },
  {
    route: 'GET /v2/search/reverse',
    request: () => ({ url: '/v2/search/reverse?latitude=50.08&longitude=14.43' }),
    expect: viewEvent(),
  },
  { route: 'GET /v2/cadastre', request: () => ({ url: '/v2/cadastre?x=-700000&y=-1050000' }), expect: all() },
  { route: 'GET /v2/rail-image', request: () => ({ url: '/v2/rail-image?longitude=15&latitude=50' }), expect: all() },
  {
    route: 'GET /v2/rail-image/image/:file',
    request: () => ({ url: '/v2/rail-image/image/15000000_50000000.jpg' }),
    expect: all(),
  },
  {
    route: 'POST /hunting-region',
    request: () => ({ url: '/hunting-region', payload: { lat: 50, lon: 15 } }),
    expect: all(),
  },
  {
    route: 'POST /hunting-region/contact',
    request: () => ({
      url: '/hunting-region/contact',
      payload: { hunting_region_id: 'HR-1-1', name: 'T', phone: '725000111' },
    }),
    expect: all({ mng: R }),
    note: 'create EventContact; MNG is view-only',
  },
  {
    route: 'DELETE /hunting-region/contact/:id',
    request: () => ({ url: '/hunting-region/contact/999999' }),
    expect: all({ mng: R }),
  },
  {
    route: 'GET /hunting-region/contact/delete/:id',
    request: () => ({ url: '/hunting-region/contact/delete/999999' }),
    expect: all({ mng: R }),
  },
  { route: 'GET /v2/explore/sap/:lon/:lat', request: () => ({ url: '/v2/explore/sap/15/50' }), expect: all() },
  {
    route: 'GET /v2/explore/sap/routes/:lon/:lat',
    request: () => ({ url: '/v2/explore/sap/routes/15/50' }),
    expect: all(),
  },
  { route: 'GET /jpo-area', request: () => ({ url: '/jpo-area' }), expect: all() },
  { route: 'GET /jpo-point', request: () => ({ url: '/jpo-point' }), expect: all() },
  { route: 'GET /v2/panorama', request: () => ({ url: '/v2/panorama?lon=15&lat=50' }), expect: all() },
  { route: 'GET /v2/panorama/image/:file', request: () => ({ url: '/v2/panorama/image/1.jpg' }), expect: all() },
  {
    route: 'GET /v2/routes/event-job/:jobId',
    request: (f) => ({ url: `/v2/routes/event-job/${f.brnoJobId}` }),
    expect: viewEvent({ jednotka: OTHER_BASE }),
  },
  {
    route: 'GET /v2/routes/base/:baseId',
    request: (f) => ({ url: `/v2/routes/base/4?eventId=${f.brnoEvent.id}` }),
    expect: viewEvent({ jednotka: OTHER_BASE }),
  },
  {
    route: 'POST /train-location',
    request: () => ({ url: '/train-location', payload: { TR: '1' } }),
    expect: viewEvent(),
  },
  { route: 'POST /train-track', request: () => ({ url: '/train-track', payload: { TR: ['1'] } }), expect: viewEvent() },
  { route: 'GET /v2/grapp/trains/:token', request: () => ({ url: '/v2/grapp/trains/null' }), expect: viewEvent() },
  { route: 'POST /muv-location', request: () => ({ url: '/muv-location', payload: {} }), expect: viewEvent() },
  { route: 'GET /tts/api', request: () => ({ url: '/tts/api?t=a' }), expect: all() },
];
