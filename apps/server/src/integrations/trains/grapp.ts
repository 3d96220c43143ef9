/**
 * GRAPP adapter (Správa železnic's public train map, grapp.spravazeleznic.cz), the way its public clients speak to
 * it (fixtures/README.md names them):
 *
 * 1. `GET {url}/` — the start page: the token (`<input id="token">`), the session cookie (`ASP.NET_SessionId`),
 *    the filter's checkbox lists (carriers, public train kinds, delay groups).
 * 2. `POST {url}/post/trains/GetTrainsWithFilter/{token}` with the filter body and the cookie →
 *    `{Status: 'OK', Trains: [{Id, Title: 'Os 13513 ', GPS: [lat, lon], Angle}]}`.
 * 3. `GET {url}/OneTrain/MainInfo/{token}?trainId={Id}` — one train's details as HTML (carrier, stations, delay).
 *
 * The session is kept and reused; a 401/403, `ReloadPage: true` or a Status other than 'OK' means it expired: the
 * page is loaded again once and the call repeated; a second refusal, a failure or a wrong-shaped answer is an
 * outage (outage.ts: 502, logged once). The list is shared for LIST_MAX_AGE_MS so every panel's poll costs GRAPP
 * one call. What GRAPP does not give (composition, crew, cargo, track) stays null — the card says unknown.
 */
import { toWireTime } from '@panel/domain/locale';
import { HttpError } from '../../errors.js';
import { silentLog, type ServiceLog } from '../geo/http.js';
import { parseGrappDetail, parseGrappIndex, type GrappDetail } from './grappHtml.js';
import {
  GRAPP_DEFAULT_LISTS,
  GRAPP_NO_ANGLE,
  grappFilter,
  grappTrainsAnswerSchema,
  type GrappFilter,
  type GrappTrain,
} from './grappSchemas.js';
import { fetchFailure, TrainsOutage, trainsTexts } from './outage.js';
import type { TrainsProvider } from './types.js';
import type { TrainFeature } from './types.js';

export const GRAPP_TIMEOUT_MS = 10_000;
/** One list call serves every poll within this time (panels poll every 10–30 s). */
export const LIST_MAX_AGE_MS = 10_000;
/** A train's detail page serves every panel tracking it for this long (it changes with GRAPP's ~30 s updates). */
export const DETAIL_MAX_AGE_MS = 30_000;
/** A session older than this is renewed before use (GRAPP's page token changes; its lifetime is not published). */
export const SESSION_MAX_AGE_MS = 30 * 60_000;

export interface GrappOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: ServiceLog;
  now?: () => number;
}

interface Session {
  token: string;
  cookie: string;
  filter: GrappFilter;
  at: number;
}

interface TrainList {
  at: number;
  trains: GrappTrain[];
}

/** 'Os 13513 ' → kind, number, name ('EC 105 Porta Moravica' → name 'Porta Moravica'); null without a number. */
export function grappTitle(title: string): { kind: string; number: string; name: string | null } | null {
  const m = /^\s*(\S+)\s+(\d{1,6})(?:\s+(.*?))?\s*$/.exec(title);
  if (!m) return null;
  return { kind: m[1], number: m[2], name: m[3] ? m[3] : null };
}

/** A GRAPP train as our train feature; `detail` from its MainInfo page when asked for. */
export function grappFeature(t: GrappTrain, seenAt: number, detail: GrappDetail | null = null): TrainFeature | null {
  const title = grappTitle(t.Title);
  if (!title) return null;
  const [lat, lon] = t.GPS;
  const azimut = t.Angle === GRAPP_NO_ANGLE ? null : ((t.Angle % 360) + 360) % 360;
  return {
    type: 'Feature',
    id: `grapp-${t.Id}`,
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      tr: title.number,
      title: [title.kind, title.number, title.name].filter(Boolean).join(' '),
      dopravce: detail?.carrier ?? null,
      vychozi_stanice: detail?.origin ?? null,
      cilova_stanice: detail?.destination ?? null,
      vyskyt: detail?.lastStation ?? null,
      // the time GRAPP reported this position to us
      updated: toWireTime(new Date(seenAt)),
      delka: null,
      hmotnost: null,
      vozy: null,
      pocet_naprav: null,
      pocet_cestujicich: null,
      train_engines: [],
      kontakt: null,
      kontakty_vlakova_ceta: [],
      druh_vlaku: title.kind,
      vlak_cislo: title.number,
      nazev: title.name,
      ziva: null,
      nebezpecne_veci: null,
      mimoradna_zasilka: null,
      mimoradnost: null,
      current_gps: [lon, lat],
      begin_track_gps: null,
      end_track_gps: null,
      traversed: null,
      rychlost: null,
      azimut,
      zpozdeni: detail ? detail.delay : null,
      odjezd: null,
      prijezd: null,
      trat: null,
    },
  };
}

/** The cookies of a response as one Cookie header ('name=value; …'). */
function cookiesOf(res: Response): string {
  const list = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
  return list
    .map((c) => c.split(';', 1)[0].trim())
    .filter((c) => c.includes('='))
    .join('; ');
}

export function grappTrainsProvider(baseUrl: string, opts: GrappOptions = {}): TrainsProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? GRAPP_TIMEOUT_MS;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? silentLog;
  const root = baseUrl.replace(/\/+$/, '');
  const outage = new TrainsOutage('grapp', log, now);
  let session: Session | null = null;
  let list: TrainList | null = null;
  let pending: Promise<TrainList> | null = null;
  const details = new Map<number, { at: number; detail: Promise<GrappDetail | null> }>();

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw outage.fail(fetchFailure(err), { url, err: String(err) });
    }
  }

  async function openSession(): Promise<Session> {
    const res = await request(`${root}/`, { headers: { accept: 'text/html' } });
    if (!res.ok) throw outage.fail('http', { url: `${root}/`, status: res.status });
    const page = parseGrappIndex(await res.text());
    if (!page.token) throw outage.fail('token', { url: `${root}/`, detail: 'no token on the start page' });
    const lists = {
      carriers: page.carriers.length ? page.carriers : GRAPP_DEFAULT_LISTS.carriers,
      kinds: page.kinds.length ? page.kinds : GRAPP_DEFAULT_LISTS.kinds,
      delays: page.delays.length ? page.delays : GRAPP_DEFAULT_LISTS.delays,
    };
    session = { token: page.token, cookie: cookiesOf(res), filter: grappFilter(lists), at: now() };
    return session;
  }

  const headersOf = (s: Session, extra: Record<string, string> = {}) => ({
    ...(s.cookie ? { cookie: s.cookie } : {}),
    'x-requested-with': 'XMLHttpRequest',
    referer: `${root}/`,
    ...extra,
  });

  /** One list call: the trains, or 'expired' when GRAPP wants the page loaded again. */
  async function postTrains(s: Session): Promise<GrappTrain[] | 'expired'> {
    const url = `${root}/post/trains/GetTrainsWithFilter/${encodeURIComponent(s.token)}`;
    const res = await request(url, {
      method: 'POST',
      headers: headersOf(s, { 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' }),
      body: JSON.stringify(s.filter),
    });
    if (res.status === 401 || res.status === 403) return 'expired';
    if (!res.ok) throw outage.fail('http', { url, status: res.status });
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw outage.fail('shape', { url, detail: 'not JSON' });
    }
    const parsed = grappTrainsAnswerSchema.safeParse(body);
    if (!parsed.success) throw outage.fail('shape', { url, issues: parsed.error.issues.slice(0, 3) });
    const answer = parsed.data;
    if (answer.ReloadPage === true || (answer.Status !== undefined && answer.Status !== 'OK')) return 'expired';
    if (!answer.Trains) throw outage.fail('shape', { url, detail: 'no Trains' });
    return answer.Trains;
  }

  async function fetchList(): Promise<TrainList> {
    let s = session && now() - session.at < SESSION_MAX_AGE_MS ? session : await openSession();
    let trains = await postTrains(s);
    if (trains === 'expired') {
      // the token or session expired: load the page once more, then give up
      s = await openSession();
      trains = await postTrains(s);
      if (trains === 'expired') {
        session = null;
        throw outage.fail('token', { detail: 'refused after a fresh token' });
      }
    }
    outage.ok();
    return { at: now(), trains };
  }

  async function trainList(): Promise<TrainList> {
    if (list && now() - list.at < LIST_MAX_AGE_MS) return list;
    pending ??= fetchList().finally(() => {
      pending = null;
    });
    list = await pending;
    return list;
  }

  /** A train's MainInfo page; null (details unknown, logged) when it fails — the position still stands. */
  async function detailOf(id: number): Promise<GrappDetail | null> {
    const attempt = async (s: Session) => {
      const url = `${root}/OneTrain/MainInfo/${encodeURIComponent(s.token)}?trainId=${id}&_=${now()}`;
      const res = await doFetch(url, { headers: headersOf(s), signal: AbortSignal.timeout(timeoutMs) });
      return res;
    };
    try {
      let res = await attempt(session ?? (await openSession()));
      if (res.status === 401 || res.status === 403) res = await attempt(await openSession());
      if (!res.ok) {
        log.warn({ service: 'grapp', trainId: id, status: res.status }, 'grapp: train detail refused');
        return null;
      }
      return parseGrappDetail(await res.text());
    } catch (err) {
      log.warn({ service: 'grapp', trainId: id, err: String(err) }, 'grapp: train detail failed');
      return null;
    }
  }

  const features = (l: TrainList) =>
    l.trains.flatMap((t) => {
      const f = grappFeature(t, l.at);
      return f ? [f] : [];
    });

  /** The detail shared for DETAIL_MAX_AGE_MS (every panel tracking the train polls it). */
  function cachedDetail(id: number): Promise<GrappDetail | null> {
    const t = now();
    for (const [key, d] of details) if (t - d.at >= DETAIL_MAX_AGE_MS) details.delete(key);
    let entry = details.get(id);
    if (!entry) details.set(id, (entry = { at: t, detail: detailOf(id) }));
    return entry.detail;
  }

  async function one(number: string): Promise<TrainFeature[]> {
    const l = await trainList();
    const t = l.trains.find((x) => grappTitle(x.Title)?.number === number);
    if (!t) return [];
    const f = grappFeature(t, l.at, await cachedDetail(t.Id));
    return f ? [f] : [];
  }

  return {
    kind: 'grapp',
    async location(query) {
      // GRAPP knows where trains are now, not where they were: a train number answers its position now
      const number = query.TR ?? query.VlakCislo;
      if (number == null) throw new HttpError(501, trainsTexts.notSupported);
      return { features: await one(number), tr: number };
    },
    async track() {
      // GRAPP's list has no track geometry: no line is drawn rather than an invented one
      return { features: [] };
    },
    async feed() {
      const l = await trainList();
      return { token: String(l.at), features: features(l) };
    },
    async muv() {
      // the fire service's special rail vehicles are not GRAPP's trains
      return { features: [] };
    },
    async search(digits) {
      if (!digits) return [];
      const all = features(await trainList()).filter((f) => f.properties.vlak_cislo.includes(digits));
      return all.sort(
        (a, b) =>
          Number(b.properties.vlak_cislo === digits) - Number(a.properties.vlak_cislo === digits) ||
          Number(b.properties.vlak_cislo.startsWith(digits)) - Number(a.properties.vlak_cislo.startsWith(digits)) ||
          Number(a.properties.vlak_cislo) - Number(b.properties.vlak_cislo),
      );
    },
  };
}
