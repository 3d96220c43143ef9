/** The demo railway network: sizes, unique codes, positions inside Czechia, lines through their stations. */
import { describe, expect, it } from 'vitest';
import { haversine } from '@panel/domain/map';
import { DEMO_PLACES, demoAddresses } from './demoPlaces.js';
import { DEMO_LINES, DEMO_STATIONS } from './railwayNetwork.js';

const inCzechia = (lat: number, lon: number) => lat > 48.55 && lat < 51.06 && lon > 12.09 && lon < 18.86;

describe('demo railway network', () => {
  it('stations: ~100 real SR70 codes, unique, inside Czechia; Praha hl. n. where it is', () => {
    expect(DEMO_STATIONS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(DEMO_STATIONS.map((s) => s.code)).size).toBe(DEMO_STATIONS.length);
    expect(new Set(DEMO_STATIONS.map((s) => s.name)).size).toBe(DEMO_STATIONS.length);
    for (const s of DEMO_STATIONS) expect(inCzechia(s.latitude, s.longitude), s.name).toBe(true);
    const praha = DEMO_STATIONS.find((s) => s.code === '570762')!;
    expect(praha.name).toBe('Praha hl. n.');
    expect(haversine([praha.longitude, praha.latitude], [14.4353, 50.0831])).toBeLessThan(100);
  });

  it('lines pass through their stations in order, without jumps', () => {
    expect(DEMO_LINES.length).toBeGreaterThanOrEqual(12);
    const byCode = new Map(DEMO_STATIONS.map((s) => [s.code, s]));
    for (const line of DEMO_LINES) {
      let last = -1;
      for (const code of line.stations) {
        const st = byCode.get(code)!;
        const i = line.coordinates.findIndex(([lon, lat]) => haversine([lon, lat], [st.longitude, st.latitude]) < 5);
        expect(i, `${line.code} ${st.name}`).toBeGreaterThan(last);
        last = i;
      }
      for (let i = 1; i < line.coordinates.length; i++) {
        const [lon1, lat1] = line.coordinates[i - 1];
        const [lon2, lat2] = line.coordinates[i];
        expect(haversine([lon1, lat1], [lon2, lat2]), `${line.code} vertex ${i}`).toBeLessThan(25_000);
      }
    }
  });

  it('places: 150+ with every regional capital, inside Czechia', () => {
    expect(DEMO_PLACES.length).toBeGreaterThanOrEqual(150);
    // 14 regions, 13 seats: Praha is also the seat of the Středočeský kraj
    expect(DEMO_PLACES.filter((p) => p.kind === 'capital')).toHaveLength(13);
    expect(new Set(DEMO_PLACES.map((p) => p.name)).size).toBe(DEMO_PLACES.length);
    for (const p of DEMO_PLACES) expect(inCzechia(p.latitude, p.longitude), p.name).toBe(true);
  });

  it('addresses: ~300 with unique codes and a fire-rescue unit, near their streets', () => {
    const list = demoAddresses();
    expect(list.length).toBeGreaterThanOrEqual(290);
    expect(new Set(list.map((a) => a.code)).size).toBe(list.length);
    for (const a of list) {
      expect(a.jpoName).toMatch(/^HZS /);
      expect(inCzechia(a.latitude, a.longitude)).toBe(true);
    }
    expect(list[0].title).toMatch(/^Wilsonova \d+\/1, Nové Město, 110 00 Praha$/);
  });
});
