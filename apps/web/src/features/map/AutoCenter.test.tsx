import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_ZOOM_TO } from '@panel/domain/constants';
import { makeEvent } from '../../test/factories';
import { resetStores } from '../../test/utils';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { AutoCenter } from './AutoCenter';
import { useMapStore, type MapPoint } from './mapStore';
import { makeTestMap, renderWithMap } from './trains/testMap';

// the target in Praha; 0.0009° of latitude ≈ 100 m, 0.009° ≈ 1 km
const target = { targetLatitude: 50.0833, targetLongitude: 14.4353 };
const point = (lat: number): MapPoint => ({
  id: `p${lat}`,
  uuid: `p${lat}`,
  title: 'bod',
  type_code: 'origin',
  coordinates: [14.4353, lat],
});

function showActive(points: MapPoint[]) {
  useEntitiesStore.setState({ events: { 1: makeEvent(1, target) } });
  useUiStore.setState({ activeEventUuid: 'uuid-1' });
  useMapStore.setState({ autoCenter: true, points });
  const map = makeTestMap(3);
  const view = map.getView();
  const animate = vi.spyOn(view, 'animate');
  const fit = vi.spyOn(view, 'fit');
  renderWithMap(<AutoCenter />, map);
  return { animate, fit };
}

describe('AutoCenter: zoom to targets within 150 m (000 §9)', () => {
  beforeEach(() => resetStores());
  afterEach(() => useMapStore.setState({ points: [] }));

  it('zooms to a lone target at MAP_ZOOM_TO', () => {
    const { animate, fit } = showActive([]);
    expect(animate).toHaveBeenCalledWith(expect.objectContaining({ zoom: MAP_ZOOM_TO }));
    expect(fit).not.toHaveBeenCalled();
  });

  it('zooms to the target and a point 100 m away', () => {
    const { animate, fit } = showActive([point(50.0842)]);
    expect(animate).toHaveBeenCalledWith(expect.objectContaining({ zoom: MAP_ZOOM_TO }));
    expect(fit).not.toHaveBeenCalled();
  });

  it('fits the target and a point 1 km away instead', () => {
    const { animate, fit } = showActive([point(50.0923)]);
    expect(fit).toHaveBeenCalledWith(expect.any(Array), expect.objectContaining({ maxZoom: MAP_ZOOM_TO }));
    expect(animate).not.toHaveBeenCalled();
  });
});
