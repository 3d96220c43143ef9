/**
 * Looks of the train layer (rotated arrow by azimut, label kind + number, dangerous goods red with a yellow
 * ring; tracked trains bigger), the train track lines, special rail vehicles (active vs inactive) and the zones.
 * Styles are cached by their look.
 */
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { INSIDE_MODE, SYMBOL_MODE } from '../map/layers/declutter';
import '../map/layers/markers';
import { zoneLook } from './rules';

const FONT = 'Roboto, Arial, sans-serif';
const cache = new Map<string, Style[]>();

function cached(key: string, make: () => Style[]): Style[] {
  let hit = cache.get(key);
  if (!hit) {
    hit = make();
    cache.set(key, hit);
  }
  return hit;
}

export interface TrainLook {
  color: string;
  label: string;
  /** radians, clockwise from up */
  rotation: number;
  tracked: boolean;
  dangerous: boolean;
}

export function trainStyle(look: TrainLook): Style[] {
  const degrees = Math.round((look.rotation * 180) / Math.PI / 5) * 5;
  const key = `train|${look.color}|${look.label}|${degrees}|${look.tracked}|${look.dangerous}`;
  return cached(key, () => {
    const radius = look.tracked ? 13 : 8;
    const rotation = (degrees * Math.PI) / 180;
    const styles: Style[] = [];
    if (look.tracked || look.dangerous) {
      styles.push(
        new Style({
          image: new Circle({
            radius: radius + (look.tracked ? 6 : 4),
            fill: new Fill({ color: look.dangerous ? 'rgba(255, 214, 0, 0.55)' : 'rgba(21, 101, 192, 0.18)' }),
            stroke: look.dangerous ? new Stroke({ color: '#ffd600', width: 2 }) : undefined,
            declutterMode: INSIDE_MODE,
          }),
          zIndex: look.tracked ? 20 : 10,
        }),
      );
    }
    styles.push(
      new Style({
        image: new RegularShape({
          points: 3,
          radius,
          rotation,
          rotateWithView: true,
          scale: [0.75, 1],
          fill: new Fill({ color: look.color }),
          stroke: new Stroke({ color: '#ffffff', width: look.tracked ? 2.5 : 1.5 }),
          declutterMode: SYMBOL_MODE,
        }),
        zIndex: look.tracked ? 21 : 11,
      }),
      new Style({
        text: new Text({
          text: look.dangerous ? `⚠ ${look.label}` : look.label,
          font: `700 ${look.tracked ? 12 : 10}px ${FONT}`,
          fill: new Fill({ color: '#ffffff' }),
          backgroundFill: new Fill({ color: look.color }),
          backgroundStroke: look.dangerous ? new Stroke({ color: '#ffd600', width: 2 }) : undefined,
          padding: [1, 3, 1, 3],
          offsetY: radius + (look.tracked ? 14 : 9),
        }),
        zIndex: look.tracked ? 21 : 11,
      }),
    );
    return styles;
  });
}

export function trackStyle(part: 'traversed' | 'ahead'): Style[] {
  return cached(`track|${part}`, () => [
    new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 7 }), zIndex: 1 }),
    new Style({
      stroke:
        part === 'traversed'
          ? new Stroke({ color: '#757575', width: 4 })
          : new Stroke({ color: '#1565c0', width: 4, lineDash: [10, 6] }),
      zIndex: 2,
    }),
  ]);
}

export const SPECIAL_VEHICLE_COLORS = { active: '#6a1b9a', inactive: '#9e9e9e', cluster: '#6a1b9a' } as const;

export function specialVehicleStyle(label: string, active: boolean): Style[] {
  return cached(`muv|${label}|${active}`, () => {
    const color = active ? SPECIAL_VEHICLE_COLORS.active : SPECIAL_VEHICLE_COLORS.inactive;
    return [
      new Style({
        image: new RegularShape({
          points: 4,
          radius: 13,
          angle: Math.PI / 4,
          fill: new Fill({ color }),
          stroke: new Stroke({ color: '#ffffff', width: 2, lineDash: active ? undefined : [3, 3] }),
        }),
        text: new Text({ text: 'train', font: '15px "Material Icons"', fill: new Fill({ color: '#ffffff' }) }),
      }),
      new Style({
        text: new Text({
          text: label,
          font: `700 10px ${FONT}`,
          fill: new Fill({ color: active ? '#ffffff' : '#212121' }),
          backgroundFill: new Fill({ color: active ? color : 'rgba(255, 255, 255, 0.85)' }),
          backgroundStroke: active ? undefined : new Stroke({ color, width: 1 }),
          padding: [1, 3, 1, 3],
          offsetY: 21,
        }),
      }),
    ];
  });
}

export function zoneStyle(color: string | null | undefined): Style[] {
  const look = zoneLook(color);
  return cached(`zone|${look.fill}|${look.stroke}`, () => [
    new Style({ fill: new Fill({ color: look.fill }), stroke: new Stroke({ color: look.stroke, width: 2 }) }),
  ]);
}

export function unitPointStyle(name: string): Style[] {
  return cached(`unit|${name}`, () => [
    new Style({
      image: new Circle({
        radius: 6,
        fill: new Fill({ color: '#c62828' }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: new Text({
        text: name,
        font: `600 11px ${FONT}`,
        fill: new Fill({ color: '#212121' }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
        offsetY: 15,
      }),
    }),
  ]);
}

export const ROUTE_COLOR = '#00838f';
