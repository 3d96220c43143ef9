/** The drone overlay is asked only in a CRS its service offers (capabilities of fixtures/README.md). */
import { act, render } from '@testing-library/react';
import Collection from 'ol/Collection';
import type BaseLayer from 'ol/layer/Base';
import type OlMap from 'ol/Map';
import type TileLayer from 'ol/layer/Tile';
import type TileWMS from 'ol/source/TileWMS';
import { afterEach, describe, expect, it } from 'vitest';
import { MapContext } from '../MapContext';
import { parseCapabilities } from '../controls/droneCapabilities';
import { useDroneStore } from '../controls/droneStore';
import cuzk from '../controls/fixtures/cuzk-wms-capabilities.xml?raw';
import { DroneLayer } from './DroneLayer';

const source = { type: 'wms' as const, url: 'https://dron.example/wms' };

/** the part of an OpenLayers map the layer uses (a real Map needs a browser's ResizeObserver) */
function fakeMap(): OlMap {
  const layers = new Collection<BaseLayer>();
  return {
    getLayers: () => layers,
    addLayer: (l: BaseLayer) => layers.push(l),
    removeLayer: (l: BaseLayer) => layers.remove(l),
  } as unknown as OlMap;
}

function drawn(map: OlMap) {
  const layer = map
    .getLayers()
    .getArray()
    .find((l) => l.get('name') === 'overlay-drone') as TileLayer<TileWMS> | undefined;
  return layer ? { crs: layer.getSource()?.getProjection()?.getCode(), params: layer.getSource()?.getParams() } : null;
}

function renderLayer(map: OlMap, layer: string | null) {
  return render(
    <MapContext.Provider value={map}>
      <DroneLayer source={source} layer={layer} zIndex={32} opacity={0.7} />
    </MapContext.Provider>,
  );
}

describe('DroneLayer', () => {
  afterEach(() => useDroneStore.getState().setLayers(null));

  it('nothing while the capabilities are unknown; EPSG:5514 when the layer offers it', () => {
    const map = fakeMap();
    renderLayer(map, 'GR_ORTFOTORGB');
    expect(drawn(map)).toBeNull();
    act(() => useDroneStore.getState().setLayers(parseCapabilities(cuzk)));
    expect(drawn(map)).toMatchObject({ crs: 'EPSG:5514', params: { LAYERS: 'GR_ORTFOTORGB' } });
  });

  it('a layer without EPSG:5514 is asked in a CRS it offers (reprojected), never in EPSG:5514', () => {
    useDroneStore.getState().setLayers(parseCapabilities(cuzk));
    const map = fakeMap();
    renderLayer(map, 'GL_CA010');
    expect(drawn(map)).toMatchObject({ crs: 'EPSG:4326', params: { LAYERS: 'GL_CA010' } });
  });

  it('a layer offered only in CRSs the map cannot use is not drawn', () => {
    useDroneStore
      .getState()
      .setLayers([{ name: 'etrs', title: 'ETRS', crs: ['EPSG:3035', 'EPSG:4258'], version: '1.3.0' }]);
    const map = fakeMap();
    renderLayer(map, 'etrs');
    expect(drawn(map)).toBeNull();
  });
});
