/**
 * 001 §4: "Opening cadastre shows the cadastre layer; closing hides both cadastre variants" — the cadastre WMS
 * overlay and the card's cadastre point are both on the map while the card is open, and both are gone after it
 * closes: by its close button, and when another card replaces it, also when the overlay was on before.
 */
import { act, render } from '@testing-library/react';
import Collection from 'ol/Collection';
import type BaseLayer from 'ol/layer/Base';
import type OlMap from 'ol/Map';
import type VectorLayer from 'ol/layer/Vector';
import { describe, expect, it } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { mockFetch } from '../../../test/utils';
import { MapContext } from '../MapContext';
import { ServiceLayer } from '../base/ServiceLayer';
import { useMapStore } from '../mapStore';
import { CardLayers } from './CardLayers';
import { useCardsStore } from './cardsStore';
import { PRAHA, cadastreAnswer, railOk, setupCardTests } from './cardsTestSetup';

setupCardTests();

function fakeMap(): OlMap {
  const layers = new Collection<BaseLayer>();
  return {
    getLayers: () => layers,
    addLayer: (l: BaseLayer) => layers.push(l),
    removeLayer: (l: BaseLayer) => layers.remove(l),
  } as unknown as OlMap;
}

/** the cadastre overlay as BaseLayers draws it: only while the map store has it on */
function CadastreOverlay() {
  const on = useMapStore((s) => Boolean(s.overlays.cadastre));
  const source = useEntitiesStore((s) => s.settings.mapLayers?.cadastre);
  return on && source ? (
    <ServiceLayer name="overlay-cadastre" label="Katastrální mapa" source={source} zIndex={30} overlay />
  ) : null;
}

function shown(map: OlMap) {
  const layers = map.getLayers().getArray();
  const points = layers.find((l) => l.get('name') === 'card-points') as VectorLayer | undefined;
  return {
    overlay: layers.some((l) => l.get('name') === 'overlay-cadastre'),
    point: (points?.getSource()?.getFeatures().length ?? 0) > 0,
  };
}

function renderMap() {
  useEntitiesStore
    .getState()
    .applyBundle({ settings: { mapLayers: { cadastre: { type: 'wms', url: 'https://kn.example/wms' } } } } as never);
  const map = fakeMap();
  render(
    <MapContext.Provider value={map}>
      <CadastreOverlay />
      <CardLayers />
    </MapContext.Provider>,
  );
  return map;
}

describe('closing the cadastre card hides both cadastre variants', () => {
  it('the close: overlay and point go together', async () => {
    mockFetch({ 'GET /v2/cadastre': () => ({ status: 200, body: cadastreAnswer }) });
    const map = renderMap();
    expect(shown(map)).toEqual({ overlay: false, point: false });
    await act(() => useCardsStore.getState().openCard('cadastre', PRAHA));
    expect(shown(map)).toEqual({ overlay: true, point: true });
    act(() => useCardsStore.getState().closeCard());
    expect(shown(map)).toEqual({ overlay: false, point: false });
  });

  it('another card replacing it, with the overlay already on before: both cadastre variants go', async () => {
    mockFetch({
      'GET /v2/cadastre': () => ({ status: 200, body: cadastreAnswer }),
      'GET /v2/rail-image': () => ({ status: 200, body: railOk }),
    });
    const map = renderMap();
    act(() => useMapStore.getState().setOverlay('cadastre', true));
    await act(() => useCardsStore.getState().openCard('cadastre', PRAHA));
    expect(shown(map)).toEqual({ overlay: true, point: true });
    await act(() => useCardsStore.getState().openCard('railImage', PRAHA));
    expect(shown(map).overlay).toBe(false);
    const points = map
      .getLayers()
      .getArray()
      .find((l) => l.get('name') === 'card-points') as VectorLayer;
    // the one point left is the rail image's, not the cadastre's
    expect(
      points
        .getSource()
        ?.getFeatures()
        .map((f) => f.get('kind') as unknown),
    ).toEqual(['card-railImage']);
  });
});
