/**
 * Category markers (001 §3: shape, colour, scale, icon glyph of an icon font, icon colour and offset), drawn
 * on canvas and cached by their look. The Material Icons font is self-hosted (npm material-icons); layers
 * redraw once it has loaded (`whenIconFontReady`).
 */
import 'material-icons/iconfont/filled.css';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { CategoryMarker } from '@panel/domain/sync';
import { INSIDE_MODE, SYMBOL_MODE } from './declutter';

export interface MarkerLook {
  shape: string;
  color: string;
  scale: number;
  glyph: string | null;
  fontFamily: string;
  iconColor: string;
  offset: [number, number];
}

export const DEFAULT_MARKER_COLOR = '#455a64';

/** The look of an event's marker: priority colour when the event has one, else the category's. */
export function markerLook(
  marker: CategoryMarker | null | undefined,
  priorityColor: string | null | undefined,
): MarkerLook {
  const code = marker?.iconCharCode ? Number.parseInt(marker.iconCharCode, 16) : NaN;
  return {
    shape: marker?.shape ?? 'circle',
    color: priorityColor || marker?.color || DEFAULT_MARKER_COLOR,
    scale: marker?.scale ?? 1,
    glyph: Number.isFinite(code) ? String.fromCodePoint(code) : null,
    fontFamily: marker?.iconFontFamily || 'Material Icons',
    iconColor: marker?.iconColor || '#ffffff',
    offset: marker?.iconOffset ?? [0, 0],
  };
}

const cache = new Map<string, Style[]>();

/** Marker styles for a look; `emphasis` draws the active event larger with a halo; `label` below it. */
export function markerStyle(look: MarkerLook, emphasis = false, label?: string | null): Style[] {
  const key = `${JSON.stringify(look)}|${emphasis}|${label ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const size = 13 * look.scale * (emphasis ? 1.35 : 1);
  const fill = new Fill({ color: look.color });
  const stroke = new Stroke({ color: '#ffffff', width: 2 });
  const shape =
    look.shape === 'triangle'
      ? new RegularShape({
          points: 3,
          radius: size * 1.25,
          fill,
          stroke,
          displacement: [0, size * 0.2],
          declutterMode: SYMBOL_MODE,
        })
      : look.shape === 'square'
        ? new RegularShape({
            points: 4,
            radius: size * 1.2,
            angle: Math.PI / 4,
            fill,
            stroke,
            declutterMode: SYMBOL_MODE,
          })
        : new Circle({ radius: size, fill, stroke, declutterMode: SYMBOL_MODE });
  const styles: Style[] = [];
  if (emphasis) {
    styles.push(
      new Style({
        image: new Circle({
          radius: size * 1.9,
          fill: new Fill({ color: 'rgba(255,193,7,0.35)' }),
          stroke: new Stroke({ color: '#ffb300', width: 2 }),
          declutterMode: INSIDE_MODE,
        }),
      }),
    );
  }
  styles.push(new Style({ image: shape }));
  if (look.glyph) {
    styles.push(
      new Style({
        text: new Text({
          text: look.glyph,
          font: `${Math.round(size * 1.15)}px "${look.fontFamily}"`,
          fill: new Fill({ color: look.iconColor }),
          offsetX: look.offset[0],
          offsetY: look.offset[1] + (look.shape === 'triangle' ? size * 0.15 : 0),
          declutterMode: INSIDE_MODE,
        }),
      }),
    );
  }
  if (label) {
    styles.push(
      new Style({
        text: new Text({
          text: label,
          font: '600 12px Roboto, Arial, sans-serif',
          fill: new Fill({ color: '#111111' }),
          stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }),
          offsetY: size + 12,
        }),
      }),
    );
  }
  cache.set(key, styles);
  return styles;
}

let fontReady: Promise<void> | null = null;

/** Resolves when the icon font can draw (or at once where the Font Loading API is missing). */
export function whenIconFontReady(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts?.load) return Promise.resolve();
  fontReady ??= document.fonts.load('24px "Material Icons"').then(
    () => undefined,
    () => undefined,
  );
  return fontReady;
}
