/** The protocol decoders against the real samples (positions.samples.ts names their sources). */
import { describe, expect, it } from 'vitest';
import { decodeOsmAndJson, decodeOsmAndParams, decodeTraccarForward, parseTimestamp } from './decode.js';
import { traccarClientAndroidQuery, traccarClientJson, traccarForward } from './positions.samples.js';

describe('position decoders', () => {
  it('timestamps as trackers send them', () => {
    expect(parseTimestamp('1700000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseTimestamp('1700000000123')?.toISOString()).toBe('2023-11-14T22:13:20.123Z');
    expect(parseTimestamp('2018-09-14T15:34:17.000+0000')?.toISOString()).toBe('2018-09-14T15:34:17.000Z');
    expect(parseTimestamp('2018-09-14T17:34:17+02:00')?.toISOString()).toBe('2018-09-14T15:34:17.000Z');
    expect(parseTimestamp('2018-09-14 15:34:17')?.toISOString()).toBe('2018-09-14T15:34:17.000Z');
    for (const bad of ['2018-02-30T10:00:00Z', 'yesterday', '', '-5', '2018-09-14T25:00:00Z']) {
      expect(parseTimestamp(bad)).toBeNull();
    }
  });

  it('OsmAnd query of Traccar Client Android: knots to km/h, accuracy 0 unknown, battery', () => {
    const d = decodeOsmAndParams(
      Object.fromEntries(new URLSearchParams(traccarClientAndroidQuery('N-PHA-01', 1700000000))),
    );
    expect(d).toEqual({
      secret: null,
      fixes: [
        {
          trackerId: 'N-PHA-01',
          latitude: 50.0755381,
          longitude: 14.4378005,
          recordedAt: new Date(1700000000_000),
          speed: 27 * 1.852,
          accuracy: null,
          valid: true,
          battery: 87,
        },
      ],
    });
  });

  it('OsmAnd location=lat,lon and deviceid', () => {
    const d = decodeOsmAndParams({ deviceid: 'X', location: '50.1,14.2', key: 'k' });
    expect(d).toMatchObject({
      secret: 'k',
      fixes: [{ trackerId: 'X', latitude: 50.1, longitude: 14.2, recordedAt: null }],
    });
  });

  it('Traccar Client 9 JSON: m/s to km/h, battery 0…1 to %', () => {
    const d = decodeOsmAndJson(traccarClientJson('M-PHA-01', '2025-02-12T13:00:00.000Z'));
    expect(d).toMatchObject({
      fixes: [
        {
          trackerId: 'M-PHA-01',
          latitude: 49.1950602,
          speed: 45,
          accuracy: 8.2,
          battery: 64,
          recordedAt: new Date('2025-02-12T13:00:00Z'),
        },
      ],
    });
  });

  it('Traccar forward: uniqueId, fixTime, knots', () => {
    const d = decodeTraccarForward(traccarForward('356938035643809', '2018-09-14T15:34:17.000+0000'));
    expect(d).toMatchObject({
      fixes: [
        {
          trackerId: '356938035643809',
          latitude: 49.8209226,
          accuracy: 6,
          battery: 76,
          recordedAt: new Date('2018-09-14T15:34:17Z'),
        },
      ],
    });
    expect(decodeTraccarForward({ position: { latitude: 50, longitude: 14 } })).toEqual({
      errors: [{ field: 'device.uniqueId', message: 'Chybí identifikátor zařízení (id).' }],
    });
  });
});
