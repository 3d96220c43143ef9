/**
 * Vehicle, job and device markers: a disc with the resource type's icon file (`iconSrc`, resourceIcons.ts) or,
 * without one, the built-in Material Icons glyph, and the base code below, coloured by job status for jobs
 * (001 §2 event-job icon); a stale position (older than 300 s) is drawn grey and dashed with a '!' badge.
 */
import { Circle, Fill, Icon, Stroke, Style, Text } from 'ol/style';
import { INSIDE_MODE, SYMBOL_MODE } from './declutter';
import './markers';

/** 000 §4 job statuses 14 departure order … 20 at base. */
export const JOB_STATUS_COLORS: Record<number, string> = {
  14: '#757575',
  15: '#ef6c00',
  16: '#f9a825',
  17: '#f4511e',
  18: '#d32f2f',
  19: '#2e7d32',
  20: '#1565c0',
};
const FREE_VEHICLE_COLOR = '#37474f';
const STALE_COLOR = '#9e9e9e';

/** Material Icons ligature of a resource type code. */
export function resourceGlyph(typeCode: string | null | undefined): string {
  switch ((typeCode ?? '').toUpperCase()) {
    case 'CAS':
      return 'fire_truck';
    case 'TA':
      return 'local_shipping';
    case 'VYA':
      return 'construction';
    case 'DA':
      return 'airport_shuttle';
    case 'DRON':
      return 'flight';
    case 'INSP':
      return 'directions_car';
    case 'MUV':
      return 'train';
    default:
      return 'local_shipping';
  }
}

/** Material Icons ligature of a device by its code prefix (001 §3: DC drone, N navigation, else a phone). */
export const deviceGlyph = (code: string): string =>
  code.startsWith('DC') ? 'flight' : code.startsWith('N') ? 'navigation' : 'smartphone';
export const DEVICE_COLOR = '#6a1b9a';

const cache = new Map<string, Style[]>();

export interface VehicleLook {
  glyph: string;
  /** the type's icon file, drawn instead of the glyph (only once it has loaded: see markerIconOf) */
  iconSrc?: string | null;
  label: string;
  color: string;
  stale: boolean;
  /** jobs are bigger than free vehicles */
  job: boolean;
}

export function vehicleStyle(look: VehicleLook): Style[] {
  const key = JSON.stringify(look);
  const hit = cache.get(key);
  if (hit) return hit;
  const color = look.stale ? STALE_COLOR : look.color;
  const size = look.job ? 13 : 10;
  const styles = [
    new Style({
      image: new Circle({
        radius: size,
        fill: new Fill({ color }),
        stroke: new Stroke({ color: '#ffffff', width: 2, lineDash: look.stale ? [3, 3] : undefined }),
        declutterMode: SYMBOL_MODE,
      }),
      text: look.iconSrc
        ? undefined
        : new Text({
            text: look.glyph,
            font: `${Math.round(size * 1.3)}px "Material Icons"`,
            fill: new Fill({ color: '#ffffff' }),
            declutterMode: INSIDE_MODE,
          }),
      zIndex: look.job ? 2 : 1,
    }),
  ];
  if (look.iconSrc) {
    const px = Math.round(size * 1.4);
    styles.push(
      new Style({
        image: new Icon({ src: look.iconSrc, width: px, height: px, declutterMode: INSIDE_MODE }),
        zIndex: look.job ? 2 : 1,
      }),
    );
  }
  if (look.label) {
    styles.push(
      new Style({
        text: new Text({
          text: look.stale ? `${look.label} !` : look.label,
          font: `700 ${look.job ? 11 : 10}px Roboto, Arial, sans-serif`,
          fill: new Fill({ color: '#ffffff' }),
          backgroundFill: new Fill({ color }),
          padding: [1, 3, 1, 3],
          offsetY: size + 9,
        }),
        zIndex: look.job ? 2 : 1,
      }),
    );
  }
  cache.set(key, styles);
  return styles;
}

export const freeVehicleColor = FREE_VEHICLE_COLOR;
