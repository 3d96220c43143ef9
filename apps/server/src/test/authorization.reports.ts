/**
 * The authorization table's rows of the response-time reports (issue 26 item 2), part of `AUTHORIZATION_TABLE`
 * (authorization.table.ts): MNG and the central base see every base, a unit its own (asking for Brno is 422),
 * role udrp views no deployments and gets no times of them (403).
 */
import { R, all, type Row } from './authorization.outcomes.js';

export const REPORT_ROWS: Row[] = [
  {
    route: 'GET /v2/reports/response-times',
    note: 'domain reportScope: MNG and the central base all bases, a unit its own, udrp none',
    request: () => ({ url: '/v2/reports/response-times?baseId=4' }),
    expect: all({ udrp: R, jednotka: { scoped: [422], note: "another base's figures: 422 on baseId" } }),
  },
];
