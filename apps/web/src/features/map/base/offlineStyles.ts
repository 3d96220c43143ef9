/** Styles of the offline base map: land, border, railway lines, operating points and place names. */
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';

export const LAND = new Style({
  fill: new Fill({ color: '#f6f3ec' }),
  stroke: new Stroke({ color: '#7b6f63', width: 2 }),
});

/** Outside the country: grey veil (the country mask). */
export const MASK = new Style({ fill: new Fill({ color: 'rgba(120, 130, 140, 0.45)' }) });

const mainLine = [
  new Style({ stroke: new Stroke({ color: '#3b3b3b', width: 4 }), zIndex: 2 }),
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 2, lineDash: [10, 10] }), zIndex: 3 }),
];
const regionalLine = [
  new Style({ stroke: new Stroke({ color: '#5c5c5c', width: 2.5 }), zIndex: 0 }),
  new Style({ stroke: new Stroke({ color: '#ffffff', width: 1, lineDash: [6, 6] }), zIndex: 1 }),
];

export const lineStyle = (feature: FeatureLike) => (feature.get('category') === 'main' ? mainLine : regionalLine);

const stationCircle = new Circle({
  radius: 4.5,
  fill: new Fill({ color: '#ffffff' }),
  stroke: new Stroke({ color: '#b71c1c', width: 2 }),
});
const haltCircle = new Circle({
  radius: 3,
  fill: new Fill({ color: '#ffffff' }),
  stroke: new Stroke({ color: '#444444', width: 1.5 }),
});

const pointText = (name: string, size: number, bold = false) =>
  new Text({
    text: name,
    font: `${bold ? '600 ' : ''}${size}px Roboto, Arial, sans-serif`,
    fill: new Fill({ color: '#5a1010' }),
    stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
    offsetY: -11,
    overflow: false,
  });

/** Stations always show a circle; names from zoom 3 (stations, 64 m/px) and 5 (others, 16 m/px). */
export function pointStyle(zoom: number) {
  return (feature: FeatureLike) => {
    const kind = String(feature.get('kind') ?? '');
    const isStation = /stanice/i.test(kind) || feature.get('type_code') === 'station';
    const showName = zoom >= (isStation ? 3 : 5);
    return new Style({
      image: isStation ? stationCircle : haltCircle,
      text: showName ? pointText(String(feature.get('name') ?? ''), isStation ? 12 : 11, isStation) : undefined,
      zIndex: isStation ? 5 : 4,
    });
  };
}

const PLACE_SIZE: Record<string, number> = { capital: 17, city: 14, town: 12, village: 11 };

export function placeStyle(feature: FeatureLike) {
  const kind = String(feature.get('kind') ?? 'town');
  const size = PLACE_SIZE[kind] ?? 11;
  return new Style({
    image: new Circle({ radius: kind === 'capital' ? 4 : 2.5, fill: new Fill({ color: '#222222' }) }),
    text: new Text({
      text: String(feature.get('name') ?? ''),
      font: `${kind === 'capital' || kind === 'city' ? '700' : '500'} ${size}px Roboto, Arial, sans-serif`,
      fill: new Fill({ color: '#1d1d1d' }),
      stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3.5 }),
      offsetY: kind === 'capital' ? -14 : -10,
    }),
    zIndex: kind === 'capital' ? 10 : kind === 'city' ? 9 : 8,
  });
}
