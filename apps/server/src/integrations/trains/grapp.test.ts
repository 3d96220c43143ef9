/**
 * The GRAPP adapter against a fake GRAPP serving the real samples of fixtures/ (README.md there names each
 * source): token and session from the start page, the filter body, [lat, lon] order, the detail page, the list
 * shared between polls, an expired token renewed once, garbage and 5xx as outages (502, logged once, recovery
 * logged).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../errors.js';
import { grappTitle, grappTrainsProvider } from './grapp.js';
import { parseGrappDetail, parseGrappIndex } from './grappHtml.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const TRAINS_2023 = fixture('grapp-trains-2023.json');
const TRAINS_2020 = fixture('grapp-trains-2020.json');
const INDEX = fixture('grapp-index.html');
const DETAIL = fixture('grapp-maininfo.html');
const TOKEN = 'D9887D056D3E1E0593B5DAF1BC43807E79E943C166B97097CBF249FBB93F80AA';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => boolean;

describe('GRAPP adapter', () => {
  let server: Server;
  let url: string;
  let seen: { method?: string; url?: string; body: string; cookie?: string }[] = [];
  let override: Handler | null = null;
  let listBody = TRAINS_2023;
  let pageLoads = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, body, cookie: req.headers.cookie });
        if (override?.(req, body, res)) return;
        if (req.method === 'GET' && req.url === '/') {
          pageLoads++;
          res.setHeader('set-cookie', [
            `ASP.NET_SessionId=s${pageLoads}; path=/; HttpOnly`,
            'GRAPP_TechnicalCookieName=1; path=/',
          ]);
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(INDEX);
        }
        if (req.method === 'POST' && req.url === `/post/trains/GetTrainsWithFilter/${TOKEN}`) {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          return res.end(listBody);
        }
        if (req.method === 'GET' && req.url?.startsWith(`/OneTrain/MainInfo/${TOKEN}?trainId=66126951`)) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(DETAIL);
        }
        res.writeHead(404).end('nenalezeno');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });
  beforeEach(() => {
    seen = [];
    override = null;
    listBody = TRAINS_2023;
    pageLoads = 0;
  });

  const logs = () => {
    const lines: { level: string; msg: string }[] = [];
    return {
      lines,
      log: {
        warn: (_o: object, msg: string) => lines.push({ level: 'warn', msg }),
        error: (_o: object, msg: string) => lines.push({ level: 'error', msg }),
      },
    };
  };

  it('reads the title, the token and the filter lists of the real shapes', () => {
    expect(grappTitle('Os 13513 ')).toEqual({ kind: 'Os', number: '13513', name: null });
    expect(grappTitle('EC 105 Porta Moravica')).toEqual({ kind: 'EC', number: '105', name: 'Porta Moravica' });
    expect(grappTitle('Vlak bez čísla')).toBeNull();
    const page = parseGrappIndex(INDEX);
    expect(page.token).toBe(TOKEN);
    expect(page.carriers).toEqual(['991919', '992230', '993030']);
    expect(page.kinds).toEqual(['Ex', 'Os', 'Sp', 'EC']);
    expect(page.delays).toEqual(['0', '5', '61']);
  });

  it('opens a session from the page, posts the filter with the cookie and maps [lat, lon] to [lon, lat]', async () => {
    let t = 1_700_000_000_000;
    const p = grappTrainsProvider(url, { now: () => t });
    const feed = await p.feed(null, t);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /',
      `POST /post/trains/GetTrainsWithFilter/${TOKEN}`,
    ]);
    expect(seen[1].cookie).toBe('ASP.NET_SessionId=s1; GRAPP_TechnicalCookieName=1');
    const body = JSON.parse(seen[1].body) as Record<string, unknown>;
    const publicBody = JSON.parse(fixture('grapp-filter-body.json')) as Record<string, unknown>;
    // the same keys public clients send, with the page's lists and the foreign pseudo-carrier
    expect(Object.keys(body).sort()).toEqual(Object.keys(publicBody).sort());
    expect(body.CarrierCode).toEqual(['991919', '992230', '993030', 'f_o_r_e_i_g_n']);
    expect(body.PublicKindOfTrain).toEqual(['Ex', 'Os', 'Sp', 'EC']);
    expect(body).toMatchObject({ DelayMin: -99999, DelayMax: -99999, SelectedTrain: -1, GPS: null });

    expect(feed.features.map((f) => f.properties.title)).toEqual(['Os 13513', 'Sp 1393']);
    const [os, sp] = feed.features;
    expect(os.geometry.coordinates).toEqual([17.5574, 50.014205]);
    expect(os.properties.azimut).toBeNull(); // Angle -32768
    expect(sp.properties.azimut).toBe(138);
    expect(os.properties).toMatchObject({ tr: '13513', druh_vlaku: 'Os', vlak_cislo: '13513', nazev: null });
    // what GRAPP does not say stays unknown
    expect(os.properties).toMatchObject({
      dopravce: null,
      delka: null,
      hmotnost: null,
      vozy: null,
      nebezpecne_veci: null,
      begin_track_gps: null,
      rychlost: null,
      zpozdeni: null,
    });

    // a second poll within the list's age costs GRAPP nothing; later the session is reused
    await p.feed(feed.token, t);
    expect(seen).toHaveLength(2);
    t += 60_000;
    await p.feed(feed.token, t);
    expect(seen.map((s) => s.url).slice(2)).toEqual([`/post/trains/GetTrainsWithFilter/${TOKEN}`]);
  });

  it('reads the answer of 2020 (no Status) as well', async () => {
    listBody = TRAINS_2020;
    const feed = await grappTrainsProvider(url).feed(null, 0);
    expect(feed.features).toHaveLength(19);
    const ec = feed.features.find((f) => f.properties.vlak_cislo === '105')!;
    expect(ec.properties).toMatchObject({ druh_vlaku: 'EC', nazev: 'Porta Moravica', azimut: 284 });
    expect(ec.geometry.coordinates).toEqual([17.8280605, 49.578908]);
  });

  it('a train number gets its position and the detail page (carrier, stations, delay)', async () => {
    const p = grappTrainsProvider(url);
    const { features, tr } = await p.location({ TR: '13513' }, 0);
    expect(tr).toBe('13513');
    expect(features).toHaveLength(1);
    expect(seen.at(-1)?.url).toMatch(new RegExp(`^/OneTrain/MainInfo/${TOKEN}\\?trainId=66126951&_=\\d+$`));
    expect(seen.at(-1)?.cookie).toContain('ASP.NET_SessionId=s1');
    expect(features[0].properties).toMatchObject({
      dopravce: 'České dráhy, a.s.',
      vychozi_stanice: 'Krnov',
      cilova_stanice: 'Olomouc hl.n.',
      vyskyt: 'Bruntál & okolí (odj.)',
      zpozdeni: 7,
    });
    // a second panel asking within 30 s gets the same detail without a new page
    const pages = seen.filter((x) => x.url?.startsWith('/OneTrain/')).length;
    await p.location({ TR: '13513' }, 0);
    expect(seen.filter((x) => x.url?.startsWith('/OneTrain/')).length).toBe(pages);
    // a train GRAPP does not list is not there (not an error); search reads the same list
    expect((await p.location({ TR: '99999' }, 0)).features).toEqual([]);
    expect((await p.search('139', 0)).map((f) => f.properties.tr)).toEqual(['1393']);
    // GRAPP has no history, tracks or special vehicles: nothing is invented
    await expect(p.location({ DopravniBod: 'Praha hl.n.', CasOd: 'x', CasDo: 'y' }, 0)).rejects.toMatchObject({
      statusCode: 501,
    });
    expect(await p.track(['13513'], 0)).toEqual({ features: [] });
  });

  it('the detail page: text only, entities decoded, scripts ignored, advance negative', () => {
    const d = parseGrappDetail(DETAIL)!;
    expect(d.destination).toBe('Olomouc hl.n.'); // not the row inside <script>
    expect(d.route).toBe('Os 13513 Krnov – Olomouc hl.n.');
    const ahead = parseGrappDetail(fixture('grapp-maininfo-advance.html'))!;
    expect(ahead).toMatchObject({ carrier: 'ARRIVA vlaky s.r.o.', lastStation: 'Jaroměř', delay: -2, origin: null });
    expect(parseGrappDetail('<div class="alertTitle">Vlak nebyl nalezen</div>')).toBeNull();
  });

  it.each([
    ['403', (res: ServerResponse) => res.writeHead(403).end('Forbidden')],
    [
      'ReloadPage',
      (res: ServerResponse) =>
        res.setHeader('content-type', 'application/json').end('{"Status":"OK","ReloadPage":true,"Trains":[]}'),
    ],
    ['Status', (res: ServerResponse) => res.setHeader('content-type', 'application/json').end('{"Status":"Error"}')],
  ])('an expired token (%s) loads the page again once and repeats the call', async (_name, refuse) => {
    let refused = 0;
    override = (req, _b, res) => {
      if (req.method !== 'POST' || refused > 0) return false;
      refused++;
      refuse(res);
      return true;
    };
    const { lines, log } = logs();
    const p = grappTrainsProvider(url, { log, now: () => 0 });
    expect((await p.feed(null, 0)).features).toHaveLength(2);
    // page, refusal, page again, OK
    expect(seen.map((s) => s.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
    expect(seen[3].cookie).toContain('ASP.NET_SessionId=s2');
    expect(lines).toEqual([]);
  });

  it('a token refused twice is an outage; the next good answer is logged as recovery', async () => {
    let t = 0;
    let refuse = true;
    override = (req, _b, res) => {
      if (req.method === 'POST' && refuse) {
        res.writeHead(401).end();
        return true;
      }
      return false;
    };
    const { lines, log } = logs();
    const p = grappTrainsProvider(url, { log, now: () => t });
    const err = await p.feed(null, t).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 502, message: 'Služba polohy vlaků není dostupná.' });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
    t += 60_000;
    await expect(p.feed(null, t)).rejects.toMatchObject({ statusCode: 502 });
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    refuse = false;
    t += 60_000;
    await p.feed(null, t);
    expect(lines.map((l) => l.level)).toEqual(['error', 'warn']);
    expect(lines[1].msg).toMatch(/recovered after 120 s/);
  });

  it('garbage or a wrong shape is an outage, never an empty train list', async () => {
    for (const garbage of [
      '<html>Údržba</html>',
      '{"Trains":[{"Id":1,"Title":"Os 1","GPS":"50,14"}]}',
      '{"Status":"OK"}',
    ]) {
      listBody = garbage;
      const { lines, log } = logs();
      const err = await grappTrainsProvider(url, { log })
        .feed(null, 0)
        .catch((e: unknown) => e);
      expect(err, garbage).toMatchObject({ statusCode: 502, message: 'Služba polohy vlaků není dostupná.' });
      expect(lines).toHaveLength(1);
      expect(lines[0].msg).toMatch(/grapp: outage \(shape\)/);
    }
  });

  it('5xx, a page without a token and an unreachable host are outages', async () => {
    override = (req, _b, res) => {
      if (req.method === 'POST') {
        res.writeHead(503).end('Service Unavailable');
        return true;
      }
      return false;
    };
    await expect(grappTrainsProvider(url).feed(null, 0)).rejects.toMatchObject({ statusCode: 502 });
    override = (req, _b, res) => {
      if (req.method === 'GET') {
        res.end('<html><body>Bez tokenu</body></html>');
        return true;
      }
      return false;
    };
    await expect(grappTrainsProvider(url).feed(null, 0)).rejects.toMatchObject({ statusCode: 502 });
    const err = await grappTrainsProvider('http://127.0.0.1:1')
      .feed(null, 0)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 502, message: 'Služba polohy vlaků není dostupná.' });
  });
});
