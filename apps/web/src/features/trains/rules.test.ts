import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../test/factories';
import {
  hasDangerousGoods,
  isSpecialVehicleActive,
  routeLabel,
  routedJobs,
  trackedTrains,
  trainColor,
  trainLabel,
  trainNumberOf,
  zoneLook,
} from './rules';

describe('tracked trains', () => {
  it('reads the number from an event trainNumber or the search', () => {
    expect(trainNumberOf('Pn 47731')).toBe('47731');
    expect(trainNumberOf('Os 4911')).toBe('4911');
    expect(trainNumberOf(4911)).toBe('4911');
    expect(trainNumberOf('vlak')).toBeNull();
    expect(trainNumberOf(null)).toBeNull();
  });

  it('tracks every event with a trainNumber and the search choice, each number once', () => {
    const events = [
      makeEvent(1, { data: { trainNumber: 'Os 4911' } }),
      makeEvent(2, { data: {} }),
      makeEvent(3, { data: null }),
      makeEvent(4, { data: { trainNumber: 'Os 4911' } }),
      makeEvent(5, { data: { trainNumber: 'Sp 1742' } }),
    ];
    expect(trackedTrains(events, null)).toEqual([
      { tr: '4911', eventUuids: ['uuid-1', 'uuid-4'], fromSearch: false },
      { tr: '1742', eventUuids: ['uuid-5'], fromSearch: false },
    ]);
    expect(trackedTrains(events, '1742').find((t) => t.tr === '1742')?.fromSearch).toBe(true);
    expect(trackedTrains([], '50123')).toEqual([{ tr: '50123', eventUuids: [], fromSearch: true }]);
    expect(trackedTrains([], null)).toEqual([]);
  });
});

describe('special rail vehicles', () => {
  const now = new Date('2025-06-01T10:00:00Z'); // 12:00 in Prague
  it('is active when created within the last hour', () => {
    expect(isSpecialVehicleActive('2025-06-01 11:59:00', now)).toBe(true);
    expect(isSpecialVehicleActive('2025-06-01 11:00:00', now)).toBe(true);
    expect(isSpecialVehicleActive('2025-06-01 10:59:59', now)).toBe(false);
    expect(isSpecialVehicleActive('2025-05-31 11:30:00', now)).toBe(false);
    expect(isSpecialVehicleActive(null, now)).toBe(false);
    expect(isSpecialVehicleActive('nesmysl', now)).toBe(false);
  });
});

describe('zones', () => {
  it('fills each colour translucent with a solid border', () => {
    for (const color of ['blue', 'green', 'grey', 'red', 'violet', 'white', 'yellow']) {
      const look = zoneLook(color);
      expect(look.fill).toMatch(/^rgba\(\d+, \d+, \d+, 0\.22\)$/);
      expect(look.stroke).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    }
    expect(zoneLook('red')).toEqual({ fill: 'rgba(229, 57, 53, 0.22)', stroke: 'rgb(229, 57, 53)' });
    expect(zoneLook('blue').fill).not.toBe(zoneLook('green').fill);
    // a white cell keeps a visible border
    expect(zoneLook('white').stroke).not.toBe('rgb(255, 255, 255)');
    expect(zoneLook('unknown')).toEqual(zoneLook('grey'));
  });
});

describe('labels', () => {
  it('route: duration · distance', () => {
    expect(routeLabel({ durationText: '12 min', distanceText: '8,4 km' })).toBe('12 min · 8,4 km');
    expect(routeLabel({ durationText: '01:05', distanceText: '' })).toBe('01:05');
  });

  it('train: kind and number; dangerous goods red', () => {
    const base = { druh_vlaku: 'Pn', vlak_cislo: '60252', tr: '60252', nebezpecne_veci: [], mimoradnost: null };
    expect(trainLabel(base)).toBe('Pn 60252');
    expect(hasDangerousGoods(base)).toBe(false);
    expect(trainColor(base)).toBe('#5d4037');
    const dangerous = { ...base, nebezpecne_veci: [{ un: '1203', nazev: 'Benzin', trida: '3', kemler: '33' }] };
    expect(hasDangerousGoods(dangerous)).toBe(true);
    expect(trainColor(dangerous)).toBe('#d50000');
    expect(
      hasDangerousGoods({ ...base, mimoradnost: { vojenska_preprava: false, plm: false, nv: true, jina: null } }),
    ).toBe(true);
    expect(trainColor({ ...base, druh_vlaku: 'Os' })).toBe('#1565c0');
  });
});

describe('routed jobs', () => {
  it('takes the event jobs that are not back at base (status 20)', () => {
    const jobs = [
      { id: 1, eventId: 7, eventJobStatusId: 18 },
      { id: 2, eventId: 7, eventJobStatusId: 20 },
      { id: 3, eventId: 8, eventJobStatusId: 15 },
      { id: 4, eventId: 7, eventJobStatusId: 14 },
    ];
    expect(routedJobs(jobs, 7).map((j) => j.id)).toEqual([1, 4]);
  });
});
