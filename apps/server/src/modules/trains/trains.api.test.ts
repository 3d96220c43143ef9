/**
 * Train and MUV calls of issue 6 through the real app over the demo network, with the clock injected
 * (trainClock): positions are a pure function of the time, trains move between two times, the feed token
 * answers only changes, MUV carry created/active, and the 422s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_VEHICLE_ACTIVE_WINDOW } from '@panel/domain/constants';
import { fromWireTime } from '@panel/domain/locale';
import { haversine } from '@panel/domain/map';
import {
  trainClock,
  type MuvFeature,
  type TrackFeature,
  type SimulatedTrainFeature as TrainFeature,
} from '../../integrations/trains/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';
import { FLEET_SIZE, INCIDENT_TRAINS } from '../../integrations/trains/fleet.js';

const T0 = Date.parse('2026-03-02T09:15:00Z');

describe('trains and special rail vehicles (issue 6)', () => {
  let t: TestApp;
  let s: TestSession;
  let now = T0;
  const realNow = trainClock.now;

  beforeAll(async () => {
    trainClock.now = () => now;
    t = await createTestApp();
    s = await login(t.app, 'dispecer');
  });
  afterAll(async () => {
    trainClock.now = realNow;
    await t?.close();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: s.headers, payload: payload as object });
  const feed = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/grapp/trains/${token}`, headers: s.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; features: TrainFeature[] };
  };

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/train-location', payload: { TR: '1' } });
    expect(res.statusCode).toBe(401);
  });

  it('the feed: ~60 trains of every kind on the lines, full Train properties, the same for the same time', async () => {
    now = T0;
    const a = await feed('null');
    const b = await feed('null');
    expect(a.features.length).toBe(FLEET_SIZE + INCIDENT_TRAINS.length);
    expect(b).toEqual(a);
    expect(a.token).toBe(String(T0));
    const kinds = new Set(a.features.map((f) => f.properties.druh_vlaku));
    expect([...kinds].sort()).toEqual(['Ex', 'Nex', 'Os', 'Pn', 'R', 'Sp']);
    const carriers = new Set(a.features.map((f) => f.properties.dopravce));
    for (const c of ['České dráhy, a.s.', 'RegioJet a.s.', 'ČD Cargo, a.s.', 'METRANS Rail s.r.o.']) {
      expect(carriers).toContain(c);
    }
    expect(new Set(a.features.map((f) => f.properties.vlak_cislo)).size).toBe(FLEET_SIZE + INCIDENT_TRAINS.length);
    const f = a.features[0];
    expect(f.type).toBe('Feature');
    expect(f.geometry.type).toBe('Point');
    expect(f.geometry.coordinates).toEqual(f.properties.current_gps);
    expect(f.properties.tr).toBe(f.properties.vlak_cislo);
    expect(Object.keys(f.properties)).toEqual(
      expect.arrayContaining([
        'title',
        'dopravce',
        'vychozi_stanice',
        'cilova_stanice',
        'vyskyt',
        'updated',
        'delka',
        'hmotnost',
        'vozy',
        'pocet_naprav',
        'pocet_cestujicich',
        'train_engines',
        'kontakt',
        'kontakty_vlakova_ceta',
        'druh_vlaku',
        'vlak_cislo',
        'nazev',
        'ziva',
        'nebezpecne_veci',
        'mimoradna_zasilka',
        'mimoradnost',
        'current_gps',
        'begin_track_gps',
        'end_track_gps',
        'traversed',
      ]),
    );
    expect(f.properties.updated).toBe('2026-03-02 10:15:00');
    for (const x of a.features) {
      const [lon, lat] = x.geometry.coordinates;
      expect(lat).toBeGreaterThan(48.5);
      expect(lat).toBeLessThan(51.1);
      expect(lon).toBeGreaterThan(12);
      expect(lon).toBeLessThan(18.9);
      expect(x.properties.traversed).toBeGreaterThanOrEqual(0);
      expect(x.properties.traversed).toBeLessThanOrEqual(1);
      expect(x.properties.vychozi_stanice).not.toBe(x.properties.cilova_stanice);
    }
    // freight carries no passengers; some Pn carry dangerous goods with UN numbers
    const freight = a.features.filter((x) => x.properties.druh_vlaku === 'Pn' || x.properties.druh_vlaku === 'Nex');
    expect(freight.every((x) => x.properties.pocet_cestujicich === null)).toBe(true);
    const dangerous = a.features.filter((x) => x.properties.nebezpecne_veci.length > 0);
    expect(dangerous.length).toBeGreaterThan(0);
    for (const x of dangerous) {
      expect(x.properties.druh_vlaku).toBe('Pn');
      expect(x.properties.mimoradnost.nv).toBe(true);
      expect(x.properties.nebezpecne_veci[0].un).toMatch(/^\d{4}$/);
    }
  });

  it('trains move between two times (and a moving train advances along its run)', async () => {
    now = T0;
    const before = await feed('null');
    now = T0 + 5 * 60_000;
    const after = await feed('null');
    const byNumber = new Map(after.features.map((f) => [f.properties.vlak_cislo, f]));
    let moved = 0;
    for (const f of before.features) {
      const g = byNumber.get(f.properties.vlak_cislo)!;
      const [lon1, lat1] = f.geometry.coordinates;
      const [lon2, lat2] = g.geometry.coordinates;
      const d = haversine([lon1, lat1], [lon2, lat2]);
      if (f.properties.rychlost > 0 && g.properties.rychlost > 0 && f.properties.odjezd === g.properties.odjezd) {
        // 5 minutes at 60–140 km/h: 5–11.7 km along the track (straight-line distance ≤ that)
        expect(d).toBeGreaterThan(1000);
        expect(d).toBeLessThanOrEqual(((f.properties.rychlost + 0.5) / 3.6) * 300); // rychlost is rounded
        expect(g.properties.traversed).toBeGreaterThan(f.properties.traversed);
        moved++;
      }
    }
    expect(moved).toBeGreaterThan(30);
  });

  it('the feed token answers only the changed trains; an old or junk token gets them all', async () => {
    now = T0;
    const first = await feed('null');
    now = T0 + 30_000;
    const delta = await feed(first.token);
    expect(delta.token).toBe(String(T0 + 30_000));
    const moving = delta.features.filter((f) => f.properties.rychlost > 0).length;
    expect(delta.features.length).toBeLessThan(FLEET_SIZE);
    expect(delta.features.length).toBeGreaterThanOrEqual(moving);
    expect(moving).toBeGreaterThan(30);
    now = T0 + 60 * 60_000;
    expect((await feed(first.token)).features).toHaveLength(FLEET_SIZE + INCIDENT_TRAINS.length);
    expect((await feed('abc')).features).toHaveLength(FLEET_SIZE + INCIDENT_TRAINS.length);
  });

  it('POST /train-location {TR}: one train, deterministic for a given time; unknown → []', async () => {
    now = T0;
    const all = await feed('null');
    const pick = all.features[3];
    const res = await post('/train-location', { TR: pick.properties.vlak_cislo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ features: [pick], tr: pick.properties.vlak_cislo });
    const numeric = await post('/train-location', { TR: Number(pick.properties.vlak_cislo) });
    expect(numeric.json().features).toEqual([pick]);
    const unknown = await post('/train-location', { TR: '999999' });
    expect(unknown.json()).toEqual({ features: [], tr: '999999' });
  });

  it('POST /train-location with a window: VlakCislo at CasDo, DopravniBod = trains passing the point', async () => {
    now = T0;
    const all = await feed('null');
    const pick = all.features.find((f) => f.properties.rychlost > 0)!;
    const at = await post('/train-location', {
      CasOd: '2026-03-02 09:00:00',
      CasDo: '2026-03-02 10:05:00',
      VlakCislo: pick.properties.vlak_cislo,
      RealTime: false,
    });
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json().features[0].properties.updated).toBe('2026-03-02 10:05:00');
    const real = await post('/train-location', {
      CasOd: '2026-03-02 09:00:00',
      CasDo: '2026-03-02 10:05:00',
      VlakCislo: pick.properties.vlak_cislo,
      RealTime: true,
    });
    expect(real.json().features).toEqual([pick]);

    // trains passing Kolín (SR70 534149) in the last hour
    const passing = await post('/train-location', {
      CasOd: '2026-03-02 09:15:00',
      CasDo: '2026-03-02 10:15:00',
      DopravniBod: '534149',
    });
    expect(passing.statusCode, passing.body).toBe(200);
    const list = passing.json().features as TrainFeature[];
    expect(list.length).toBeGreaterThan(0);
    for (const f of list) {
      const [lon, lat] = f.geometry.coordinates;
      expect(haversine([lon, lat], [15.2127, 50.0258])).toBeLessThan(1600);
      const when = fromWireTime(f.properties.updated)!.getTime();
      expect(when).toBeGreaterThanOrEqual(Date.parse('2026-03-02T08:15:00Z'));
      expect(when).toBeLessThanOrEqual(T0);
    }
    const byName = await post('/train-location', {
      CasOd: '2026-03-02 09:15:00',
      CasDo: '2026-03-02 10:15:00',
      DopravniBod: 'kolin',
    });
    expect(byName.json().features.map((f: TrainFeature) => f.id)).toEqual(list.map((f) => f.id));
  });

  it('POST /train-location: 422 for a bad body', async () => {
    for (const [payload, field] of [
      [{}, 'TR'],
      [{ TR: 'Os12' }, 'TR'],
      [{ CasOd: 'včera', CasDo: '2026-03-02 10:00:00', VlakCislo: '1' }, 'CasOd'],
      [{ CasOd: '2026-03-02 11:00:00', CasDo: '2026-03-02 10:00:00', VlakCislo: '1' }, 'CasDo'],
      [{ CasOd: '2026-03-02 09:00:00', CasDo: '2026-03-02 10:00:00' }, 'VlakCislo'],
    ] as const) {
      const res = await post('/train-location', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()[0].field).toBe(field);
    }
  });

  it('POST /train-track: the run travelled and ahead, meeting at the train', async () => {
    now = T0;
    const all = await feed('null');
    const pick = all.features.find((f) => f.properties.rychlost > 0)!;
    const res = await post('/train-track', { TR: [pick.properties.vlak_cislo, '999999'] });
    expect(res.statusCode, res.body).toBe(200);
    const features = res.json().features as TrackFeature[];
    expect(features.map((f) => f.properties.part)).toEqual(['traversed', 'ahead']);
    const [done, ahead] = features;
    expect(done.geometry.type).toBe('LineString');
    expect(done.geometry.coordinates[0]).toEqual(pick.properties.begin_track_gps);
    expect(done.geometry.coordinates.at(-1)).toEqual(pick.geometry.coordinates);
    expect(ahead.geometry.coordinates[0]).toEqual(pick.geometry.coordinates);
    expect(ahead.geometry.coordinates.at(-1)).toEqual(pick.properties.end_track_gps);
    for (const bad of [{}, { TR: [] }, { TR: ['x'] }]) {
      expect((await post('/train-track', bad)).statusCode).toBe(422);
    }
  });

  it('POST /muv-location: 25 vehicles on lines, created in Prague wire time, active within the hour', async () => {
    now = T0;
    const res = await post('/muv-location', {});
    expect(res.statusCode, res.body).toBe(200);
    const features = res.json().features as MuvFeature[];
    expect(features).toHaveLength(25);
    const active = features.filter((f) => f.properties.active);
    expect(active.length).toBeGreaterThan(5);
    expect(active.length).toBeLessThan(25);
    for (const f of features) {
      expect(f.properties.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const age = T0 - fromWireTime(f.properties.created)!.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(f.properties.active).toBe(age <= SPECIAL_VEHICLE_ACTIVE_WINDOW);
      expect(f.properties.name).toMatch(/^(MUV|MVTV|MPV)/);
      expect(f.properties.base_code).toMatch(/^[A-Z]{3}$/);
      if (!f.properties.active) expect(f.properties.speed).toBe(0);
    }
    const again = await post('/muv-location', {});
    expect(again.json()).toEqual(res.json());
  });
});
