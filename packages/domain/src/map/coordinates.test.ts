import { describe, expect, it } from 'vitest';
import {
  cleanCoordinateInput,
  formatCoordinates,
  isInsideBounds,
  parseCoordinateEntry,
  roundCoordinate,
} from './coordinates';

describe('coordinate entry', () => {
  it('keeps only digits, dots and commas', () => {
    expect(cleanCoordinateInput('N50.0831°, E14.4353°')).toBe('50.0831 , 14.4353 ');
    expect(cleanCoordinateInput('abc')).toBe('');
  });

  it('reads two numbers, latitude first, with dot or comma decimals', () => {
    const praha = { latitude: 50.0831, longitude: 14.4353 };
    expect(parseCoordinateEntry('50.0831, 14.4353')).toEqual(praha);
    expect(parseCoordinateEntry('50.0831 14.4353')).toEqual(praha);
    expect(parseCoordinateEntry('50,0831 14,4353')).toEqual(praha);
    expect(parseCoordinateEntry('50.0831,14.4353')).toEqual(praha);
    expect(parseCoordinateEntry('50,0831,14,4353')).toEqual(praha);
    expect(parseCoordinateEntry('N 50.0831 E 14.4353')).toEqual(praha);
  });

  it('refuses one number, three numbers and points outside the Czech bounds', () => {
    expect(parseCoordinateEntry('50.0831')).toBeNull();
    expect(parseCoordinateEntry('50 14 3')).toBeNull();
    expect(parseCoordinateEntry('14.4353, 50.0831')).toBeNull(); // longitude first lands outside
    expect(parseCoordinateEntry('48.5518082, 15')).toBeNull();
    expect(parseCoordinateEntry('52.90610, 15')).toBeNull();
    expect(parseCoordinateEntry('50, 12.09058')).toBeNull();
    expect(parseCoordinateEntry('50, 22.558015')).toBeNull();
    expect(parseCoordinateEntry('48.5518083, 12.09059')).toEqual({ latitude: 48.5518083, longitude: 12.09059 });
    expect(isInsideBounds({ latitude: 52.90609, longitude: 22.558014 })).toBe(true);
  });

  it('rounds to 8 decimals and displays 6', () => {
    expect(roundCoordinate(14.123456789123)).toBe(14.12345679);
    expect(formatCoordinates({ latitude: 50.0831, longitude: 14.4353 })).toBe('50.083100, 14.435300');
  });
});
