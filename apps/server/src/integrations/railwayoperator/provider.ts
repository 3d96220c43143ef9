/**
 * The railway operator's service (000 §7: "a GET export with uuid, user and device serial, and a GET test call
 * with a code"; 000 §9 "Railway service request timeout 10 s").
 *
 * - Default (no `RAILWAY_OPERATOR_URL`): the call is recorded in the `outbox` table (kind 'railway-operator',
 *   payload `{call, query, at}`) for a worker; the route journals it on the event.
 * - With `RAILWAY_OPERATOR_URL`: `GET {url}/export?uuid=&user=&serial=` and `GET {url}/test?code=`, 10 s
 *   (`RAILWAY_SERVICE_TIMEOUT`). A 2xx answer is passed on (JSON, or its text); a timeout, network error or
 *   non-2xx throws ServiceError, logged with the service name and URL (integrations/geo/http.ts).
 *
 * The spec gives the calls' parameters but not their paths or answers: the paths `export` and `test` and the
 * query names are the contract we assume (docs/ADAPTERS.md); compare with the real service when connected.
 */
import type { Queryable } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { callService, joinUrl, type FetchOptions } from '../geo/http.js';

export const RAILWAY_OPERATOR_SERVICE = 'railway-operator';

export interface RailwayExportQuery {
  /** the event's uuid */
  uuid: string;
  /** the user's login */
  user: string;
  /** the serial (code) of the session's device */
  serial: string;
}

export type RailwayOperatorCall =
  { call: 'export'; query: RailwayExportQuery } | { call: 'test'; query: { code: string } };

export type RailwayOperatorResult = { status: 'sent'; answer: unknown } | { status: 'queued' };

export interface RailwayOperatorProvider {
  readonly kind: 'outbox' | 'http';
  send(call: RailwayOperatorCall): Promise<RailwayOperatorResult>;
}

/** `q` may be a transaction: the outbox row and the route's journal row then commit together. */
export function outboxRailwayOperatorProvider(q: Queryable): RailwayOperatorProvider {
  return {
    kind: 'outbox',
    async send(call) {
      await q
        .insert(outbox)
        .values({ kind: RAILWAY_OPERATOR_SERVICE, payload: { ...call, at: new Date().toISOString() } });
      return { status: 'queued' };
    },
  };
}

/** The URL of one call: `{base}/{call}?…` with the query in a fixed order. */
export function railwayOperatorUrl(base: string, call: RailwayOperatorCall): string {
  const url = new URL(joinUrl(base, call.call));
  for (const [k, v] of Object.entries(call.query)) url.searchParams.set(k, v);
  return url.toString();
}

export function httpRailwayOperatorProvider(base: string, opts: FetchOptions = {}): RailwayOperatorProvider {
  return {
    kind: 'http',
    async send(call) {
      const res = await callService(
        RAILWAY_OPERATOR_SERVICE,
        railwayOperatorUrl(base, call),
        { headers: { accept: 'application/json, text/plain;q=0.8' } },
        opts,
      );
      const text = await res.text();
      try {
        return { status: 'sent', answer: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        return { status: 'sent', answer: text.slice(0, 2000) };
      }
    },
  };
}

export function railwayOperatorProvider(
  q: Queryable,
  url: string | undefined,
  opts: FetchOptions = {},
): RailwayOperatorProvider {
  return url ? httpRailwayOperatorProvider(url, opts) : outboxRailwayOperatorProvider(q);
}
