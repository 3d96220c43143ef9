/**
 * The base-map picker (001 §9 zoom ranges: secondary 0-12, ortho 8-12, tourist 0-10, ortho with description 8-12,
 * a map service 0-10): a layer outside its zoom range is disabled at the map's current zoom and enabled again
 * when the zoom comes back; the chosen layer outside its range shows its fallback as the one in use.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type OlMap from 'ol/Map';
import View from 'ol/View';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { renderUi, resetStores } from '../../../test/utils';
import { MapContext } from '../MapContext';
import { useMapStore } from '../mapStore';
import { BaseLayerPicker } from './BaseLayerPicker';

const xyz = (host: string) => ({ type: 'xyz' as const, url: `https://${host}/{z}/{x}/{y}.png` });

function renderPicker(zoom: number) {
  const view = new View({ zoom, resolutions: Array.from({ length: 13 }, (_, i) => 512 / 2 ** i) });
  const map = { getView: () => view } as unknown as OlMap;
  renderUi(
    <MapContext.Provider value={map}>
      <BaseLayerPicker />
    </MapContext.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Podkladová mapa' }));
  return view;
}

const item = (label: string) => within(screen.getByRole('menu')).getByText(label).closest('li')!;
const disabled = (label: string) => item(label).getAttribute('aria-disabled') === 'true';

describe('BaseLayerPicker', () => {
  beforeEach(() => {
    resetStores();
    useEntitiesStore.getState().applyBundle({
      settings: {
        mapLayers: { ztm: xyz('ztm.example'), ortho: xyz('ortho.example'), tourist: xyz('tourist.example') },
      },
    } as never);
  });

  it('disables the layers outside their zoom range at the current zoom, and enables them when it comes back', () => {
    const view = renderPicker(3);
    expect(disabled('Ortofoto')).toBe(true); // 8–12
    expect(disabled('Ortofoto s popisem')).toBe(true); // 8–12
    expect(disabled('Turistická mapa')).toBe(false); // 0–10
    expect(disabled('Topografická mapa ČÚZK')).toBe(false); // 0–12
    act(() => view.setZoom(11));
    expect(disabled('Ortofoto')).toBe(false);
    expect(disabled('Turistická mapa')).toBe(true);
    expect(disabled('Mapová služba')).toBe(true); // 0–10
    expect(disabled('Topografická mapa ČÚZK')).toBe(false);
    act(() => view.setZoom(10));
    expect(disabled('Turistická mapa')).toBe(false);
  });

  it('the chosen tourist map beyond zoom 10 shows its fallback (ZTM) as the layer in use', () => {
    useMapStore.getState().setBaseLayer('tourist');
    const view = renderPicker(5);
    expect(item('Turistická mapa').classList.contains('Mui-selected')).toBe(true);
    act(() => view.setZoom(11));
    expect(item('Turistická mapa').classList.contains('Mui-selected')).toBe(false);
    expect(item('Topografická mapa ČÚZK').classList.contains('Mui-selected')).toBe(true);
    expect(useMapStore.getState().baseLayer).toBe('tourist'); // kept: it returns when the zoom does
  });
});
