/**
 * The train simulation as pure functions (ping-pong runs, the fleet, MUV) over the demo lines. The real services'
 * adapters are tested in grapp.test.ts and specAdapter.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_BASES } from '../../demo/bases.js';
import { DEMO_LINES, DEMO_STATIONS } from '../../demo/railwayNetwork.js';
import { buildFleet, incidentTrains, INCIDENT_TRAINS } from './fleet.js';
import { haversine } from '@panel/domain/map';
import { DEMO_EVENTS } from '../../demo/events.js';
import { buildMuvs, muvFeature } from './muv.js';
import { buildNetwork, trainAt, trainStateAt } from './simulation.js';

const network = buildNetwork(
  DEMO_LINES,
  DEMO_STATIONS,
  DEMO_BASES.filter((b) => b.baseCategoryId === 1),
);
const T0 = Date.parse('2026-03-02T09:15:00Z');

describe('train simulation', () => {
  it('ping-pong: run, dwell at the end, run back, dwell at the start — a pure function of time', () => {
    const t = { offset: 0, speed: 10, dwell: 100, direction: 1 as const };
    const L = 1000; // run 100 s, period 400 s
    const at = (s: number) => trainStateAt(t, L, s * 1000);
    expect(at(0)).toMatchObject({ s: 0, forward: true, moving: true });
    expect(at(50)).toMatchObject({ s: 500, forward: true, moving: true, progress: 500 });
    expect(at(150)).toMatchObject({ s: L, forward: true, moving: false });
    expect(at(250)).toMatchObject({ s: 500, forward: false, moving: true, progress: 500 });
    expect(at(350)).toMatchObject({ s: 0, forward: false, moving: false });
    expect(at(450)).toMatchObject({ s: 500, forward: true, moving: true, runStartMs: 400_000 });
    expect(at(250).runStartMs).toBe(200_000);
    expect(at(250).runEndMs).toBe(300_000);
    // the other direction mirrors
    expect(trainStateAt({ ...t, direction: -1 }, L, 50_000)).toMatchObject({ s: 500, forward: false });
  });

  it('builds the network with stops at the demo stations', () => {
    const d01 = network.lines.find((l) => l.code === 'D01')!;
    expect(d01.length / 1000).toBeGreaterThan(330);
    expect(d01.length / 1000).toBeLessThan(370);
    expect(d01.stops[0].name).toBe('Praha hl. n.');
    expect(d01.stops.at(-1)!.name).toBe('Bohumín');
    expect(d01.stops.map((s) => s.name)).toContain('Pardubice hl. n.');
  });

  it('a fleet of 60 with unique numbers in the kind ranges, deterministic', () => {
    const fleet = buildFleet(network);
    expect(fleet).toHaveLength(60);
    expect(buildFleet(network)).toEqual(fleet);
    expect(new Set(fleet.map((t) => t.number)).size).toBe(60);
    for (const t of fleet) {
      const n = Number(t.number);
      const range = {
        Ex: [101, 599],
        R: [601, 1199],
        Sp: [1201, 1999],
        Os: [2001, 9999],
        Nex: [40001, 49999],
        Pn: [50001, 69999],
      }[t.kind];
      expect(n).toBeGreaterThanOrEqual(range[0]);
      expect(n).toBeLessThanOrEqual(range[1]);
      expect(t.speed * 3.6).toBeGreaterThanOrEqual(60);
      expect(t.speed * 3.6).toBeLessThanOrEqual(140);
    }
    const train = fleet[0];
    const line = network.lines.find((l) => l.code === train.line)!;
    const a = trainAt(train, line, T0);
    expect(trainAt(train, line, T0)).toEqual(a);
    expect(a.vlak_cislo).toBe(train.number);
  });

  it('the trains the demo events name stand at their incidents, on the nearest line, all day long', () => {
    const trains = incidentTrains(network);
    expect(trains.map((t) => t.number)).toEqual(['47731', '4911', '1742']);
    const fleetNumbers = new Set(
      buildFleet(
        network,
        undefined,
        trains.map((t) => t.number),
      ).map((t) => t.number),
    );
    for (const t of trains) expect(fleetNumbers.has(t.number)).toBe(false);
    for (const t of trains) {
      const event = DEMO_EVENTS.find((e) => e.trainNumber?.endsWith(` ${t.number}`))!;
      expect(event, t.number).toBeDefined();
      expect(event.trainNumber).toBe(`${t.kind} ${t.number}`);
      const line = network.lines.find((l) => l.code === t.line)!;
      for (const at of [T0, T0 + 3 * 3_600_000, T0 + 17 * 3_600_000]) {
        const train = trainAt(t, line, at);
        expect(train.rychlost).toBe(0);
        expect(train.vlak_cislo).toBe(t.number);
        const [lon, lat] = train.current_gps;
        // on its line, as near the incident as the line comes (Nemilany lies off the demo lines: ~2.5 km)
        expect(haversine([lon, lat], [event.longitude, event.latitude])).toBeLessThan(3000);
        expect(train.vychozi_stanice).not.toBe(train.cilova_stanice);
      }
    }
    const spec = INCIDENT_TRAINS.find((s) => s.number === '47731')!;
    const pn = trains.find((t) => t.number === '47731')!;
    expect(pn.line).toBe('D01');
    expect(pn.kind).toBe(spec.kind);
    expect(pn.dangerousGoods).toEqual([]);
  });

  it('MUV: 25, about two thirds active, inactive ones parked', () => {
    const muvs = buildMuvs(network);
    expect(muvs).toHaveLength(25);
    const features = muvs.map((m) =>
      muvFeature(
        m,
        network.lines.find((l) => l.code === m.line)!,
        T0,
      ),
    );
    const active = features.filter((f) => f.properties.active).length;
    expect(active).toBe(17);
    const later = muvs.map((m) =>
      muvFeature(
        m,
        network.lines.find((l) => l.code === m.line)!,
        T0 + 3_600_000,
      ),
    );
    features.forEach((f, i) => {
      if (!f.properties.active) expect(later[i].geometry).toEqual(f.geometry);
    });
  });
});
