import { describe, expect, it } from 'vitest';
import {
  movedPositionsSchema,
  packPositions,
  unpackPositions,
  type MovedDevice,
  type MovedResource,
} from './positions';

describe('moved positions on the wire', () => {
  const resources: MovedResource[] = [
    {
      id: 7,
      latitude: 50.10177951,
      longitude: 14.49925923,
      speed: 67.54244,
      sourceName: 'N-BENCH-0001',
      locationAt: '2026-11-29 23:28:33',
      locationAccuracy: 5,
    },
    { id: 9, latitude: 49, longitude: 15, speed: null, sourceName: null, locationAt: null, locationAccuracy: null },
  ];
  const devices: MovedDevice[] = [
    { id: 60, locationLatitude: 50.10177951, locationLongitude: 14.49925923, connectedAt: 1795991313 },
    { id: 61, locationLatitude: null, locationLongitude: null, connectedAt: null },
  ];

  it('packs each row as a tuple in the schema order and unpacks it to the same values', () => {
    const packed = packPositions(resources, devices);
    expect(packed.resources[0]).toEqual([
      7,
      50.10177951,
      14.49925923,
      67.54244,
      'N-BENCH-0001',
      '2026-11-29 23:28:33',
      5,
    ]);
    expect(packed.devices[0]).toEqual([60, 50.10177951, 14.49925923, 1795991313]);
    expect(movedPositionsSchema.parse(JSON.parse(JSON.stringify(packed)))).toEqual(packed);
    expect(unpackPositions(packed)).toEqual({ resources, devices });
  });

  it('is less than half the bytes of the objects', () => {
    const objects = JSON.stringify({ resources, devices });
    expect(JSON.stringify(packPositions(resources, devices)).length).toBeLessThan(objects.length / 2);
  });

  it('refuses a tuple of the wrong length or type', () => {
    expect(movedPositionsSchema.safeParse({ resources: [[7, 50, 14]], devices: [] }).success).toBe(false);
    expect(movedPositionsSchema.safeParse({ resources: [], devices: [['60', 50, 14, 1]] }).success).toBe(false);
  });
});
