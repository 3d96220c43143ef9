/**
 * A tiny client of our OsmAnd endpoint (issue 14), the contract in docs/ARCHITECTURE.md "positions"
 * and docs/API.md: builds the request a Traccar Client / OsmAnd tracker sends for one fix — GET
 * `{baseUrl}/v2/positions/osmand/{secret}?id=…&lat=…&lon=…&timestamp=…&speed=…&bearing=…&altitude=…&accuracy=…
 * &batt=…`, speed in knots and the timestamp in unix seconds as those trackers send them. Used by the tests, the
 * benchmark and the demo simulator.
 */
export interface OsmAndTracker {
  /** the secret an administrator created for the device */
  secret: string;
  /** the device code (or its configured tracker identifier) */
  id: string;
}

export interface OsmAndFix {
  latitude: number;
  longitude: number;
  /** when the fix was taken (default: now) */
  at?: Date;
  /** km/h (sent in knots) */
  speed?: number | null;
  /** degrees */
  bearing?: number | null;
  /** metres */
  altitude?: number | null;
  /** metres */
  accuracy?: number | null;
  /** percent */
  battery?: number | null;
}

const KMH_TO_KNOTS = 1 / 1.852;

/** The request for one fix: `fetch(req.url, {method: req.method})` or `app.inject(req)` with baseUrl ''. */
export function osmandRequest(baseUrl: string, tracker: OsmAndTracker, fix: OsmAndFix): { method: 'GET'; url: string } {
  const q = new URLSearchParams({
    id: tracker.id,
    lat: String(fix.latitude),
    lon: String(fix.longitude),
    timestamp: String(Math.floor((fix.at ?? new Date()).getTime() / 1000)),
  });
  if (fix.speed != null) q.set('speed', String(+(fix.speed * KMH_TO_KNOTS).toFixed(3)));
  if (fix.bearing != null) q.set('bearing', String(fix.bearing));
  if (fix.altitude != null) q.set('altitude', String(fix.altitude));
  if (fix.accuracy != null) q.set('accuracy', String(fix.accuracy));
  if (fix.battery != null) q.set('batt', String(fix.battery));
  const base = baseUrl.replace(/\/+$/, '');
  return { method: 'GET', url: `${base}/v2/positions/osmand/${encodeURIComponent(tracker.secret)}?${q}` };
}

/** Sends one fix; resolves with the HTTP status and the parsed answer (never throws for an HTTP status). */
export async function sendOsmAnd(
  baseUrl: string,
  tracker: OsmAndTracker,
  fix: OsmAndFix,
  fetchImpl: typeof fetch = fetch,
): Promise<{ status: number; body: unknown }> {
  const req = osmandRequest(baseUrl, tracker, fix);
  const res = await fetchImpl(req.url, { method: req.method });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}
