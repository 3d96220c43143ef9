/** Coordinate rules of the map (001 §5, §9): entry, bounds, rounding, display. */
import { COORDINATE_BOUNDS, COORDINATE_DECIMALS, COORDINATE_DISPLAY_DECIMALS } from '../constants/index';

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Only digits, dot and comma are kept while typing (anything else becomes a space between numbers). */
export function cleanCoordinateInput(input: string): string {
  return input
    .replace(/[^\d.,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trimStart();
}

/** Inside the Czech bounds of 001 §5 (inclusive). */
export function isInsideBounds({ latitude, longitude }: LatLon): boolean {
  return (
    latitude >= COORDINATE_BOUNDS.minLatitude &&
    latitude <= COORDINATE_BOUNDS.maxLatitude &&
    longitude >= COORDINATE_BOUNDS.minLongitude &&
    longitude <= COORDINATE_BOUNDS.maxLongitude
  );
}

/**
 * Parses an entry of two numbers, latitude first: '50.0831, 14.4353', '50,0831 14,4353', '50.0831,14.4353'.
 * A comma is a decimal separator when it sits between digits of one number and the numbers are otherwise
 * separated by a space; with no space, the comma separates the numbers. Null unless two numbers inside the
 * bounds result.
 */
export function parseCoordinateEntry(input: string): LatLon | null {
  const cleaned = cleanCoordinateInput(input).trim();
  if (!cleaned) return null;
  let parts = cleaned.split(' ').filter(Boolean);
  if (parts.length === 1) {
    // '50.0831,14.4353' or '50,0831,14,4353'
    const pieces = parts[0].split(',');
    if (pieces.length === 2) parts = pieces;
    else if (pieces.length === 4) parts = [`${pieces[0]}.${pieces[1]}`, `${pieces[2]}.${pieces[3]}`];
    else return null;
  } else {
    // '50.0831, 14.4353' leaves a trailing comma on the first number
    parts = parts.map((p) => p.replace(/^,+|,+$/g, '')).filter(Boolean);
  }
  if (parts.length !== 2) return null;
  const [latitude, longitude] = parts.map((p) => Number(p.replace(',', '.')));
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const point = { latitude, longitude };
  return isInsideBounds(point) ? point : null;
}

/** Coordinates are stored rounded to 8 decimals. */
export const roundCoordinate = (value: number, decimals = COORDINATE_DECIMALS): number =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A coordinate of a wire answer: rounded to 8 decimals (000 §5, 001 §9); null and undefined stay null. */
export const wireCoordinate = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : roundCoordinate(value);

/** '50.083100, 14.435300' (latitude first, 6 decimals). */
export const formatCoordinates = ({ latitude, longitude }: LatLon): string =>
  `${latitude.toFixed(COORDINATE_DISPLAY_DECIMALS)}, ${longitude.toFixed(COORDINATE_DISPLAY_DECIMALS)}`;
