/**
 * Labels at busy places (issue 12 item 17): the overlay layers with names declutter in one group with the base
 * map's names, symbols stay drawn (obstacles), glyphs and halos are never in a label's way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Style } from 'ol/style';
import type BaseLayer from 'ol/layer/Base';
import { resetStores } from '../../../test/utils';
import { layerByName, renderWithMap, routeFetch } from '../testMap';
import { trainStyle } from '../../trains/styles';
import { TrainsLayer } from '../../trains/TrainsLayer';
import { EventsLayer } from './EventsLayer';
import { LABEL_DECLUTTER } from './declutter';
import { MapObjectsLayer } from './MapObjectsLayer';
import { markerStyle, markerLook } from './markers';
import { PointsLayer } from './PointsLayer';
import { VehiclesLayer } from './VehiclesLayer';
import { vehicleStyle } from './vehicleStyles';

const declutterOf = (layer: BaseLayer | undefined) =>
  (layer as unknown as { getDeclutter: () => boolean | string | number } | undefined)?.getDeclutter();

/** The declutter modes and the text of each style part; a text without a mode is decluttered (OpenLayers' default). */
const modes = (styles: Style[]) =>
  styles.map((s) => ({
    image: s.getImage()?.getDeclutterMode(),
    text: s.getText() ? (s.getText()?.getDeclutterMode() ?? 'declutter') : undefined,
    label: s.getText()?.getText(),
  }));

describe('map label declutter', () => {
  beforeEach(() => {
    resetStores();
    routeFetch([]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('puts the named overlay layers into the one label group of the base map', () => {
    const { map } = renderWithMap(
      <>
        <VehiclesLayer />
        <PointsLayer />
        <MapObjectsLayer />
        <TrainsLayer />
        <EventsLayer />
      </>,
    );
    for (const name of ['vehicles', 'map-points', 'map-objects', 'trains']) {
      expect(declutterOf(layerByName(map, name)), name).toBe(LABEL_DECLUTTER);
    }
    // only the active event carries a label, and it must stay: targets are not decluttered
    expect(layerByName(map, 'event-targets')).toBeDefined();
    expect(declutterOf(layerByName(map, 'event-targets'))).toBeFalsy();
  });

  it('keeps vehicle symbols and glyphs drawn and lets only the name label give way', () => {
    const [symbol, label] = modes(
      vehicleStyle({ glyph: 'fire_truck', label: 'PHA', color: '#e53935', stale: false, job: true }),
    );
    expect(symbol).toMatchObject({ image: 'obstacle', text: 'none' });
    expect(label).toMatchObject({ text: 'declutter', label: 'PHA' });
  });

  it('keeps the event marker, its glyph and the halo of the active event drawn', () => {
    const look = markerLook(
      {
        shape: 'triangle',
        color: '#d32f2f',
        scale: 1,
        icon: null,
        iconFont: null,
        iconCharCode: 'e518',
        iconFontFamily: 'Material Icons',
        iconColor: '#fff',
        iconOffset: [0, 0],
      },
      null,
    );
    const parts = modes(markerStyle(look, true, 'PHA-2025-0412'));
    expect(parts[0].image).toBe('none'); // halo
    expect(parts[1].image).toBe('obstacle'); // the marker
    expect(parts[2].text).toBe('none'); // glyph
    expect(parts[3]).toMatchObject({ text: 'declutter', label: 'PHA-2025-0412' });
  });

  it('keeps a tracked train and its halo drawn; its number label gives way', () => {
    const parts = modes(trainStyle({ color: '#1565c0', label: '4911', rotation: 0, tracked: true, dangerous: false }));
    expect(parts.map((p) => p.image).filter(Boolean)).toEqual(['none', 'obstacle']);
    expect(parts.find((p) => p.label === '4911')?.text).toBe('declutter');
  });
});
