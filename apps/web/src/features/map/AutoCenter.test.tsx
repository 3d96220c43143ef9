import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_ZOOM_TO } from '@panel/domain/constants';
import { makeEvent } from '../../test/factories';
import { resetStores } from '../../test/utils';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { AutoCenter } from './AutoCenter';
import { useMapStore, type MapPoint } from './mapStore';
import { makeTestMap, renderWithMap } from './testMap';
import { followedTrain } from '../trains/TrainsLayer';

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

describe('a picked event wins over a tracked train (issue 12 item 14)', () => {
  beforeEach(() => resetStores());

  it('picking an event turns auto-centre on, stops following the search train and moves the map to it', () => {
    useEntitiesStore.setState({ events: { 1: makeEvent(1, target) } });
    // a train chosen in the search is followed; the user had dragged the map (auto-centre off)
    useMapStore.setState({ autoCenter: false, followTrain: true, trackedTrain: '4911', points: [] });
    const map = makeTestMap(3);
    const animate = vi.spyOn(map.getView(), 'animate');
    renderWithMap(<AutoCenter />, map);
    expect(animate).not.toHaveBeenCalled();
    act(() => useUiStore.getState().setActiveEvent('uuid-1'));
    expect(useMapStore.getState()).toMatchObject({ autoCenter: true, followTrain: false, trackedTrain: '4911' });
    expect(animate).toHaveBeenCalledWith(expect.objectContaining({ zoom: MAP_ZOOM_TO }));
  });

  it('followedTrain: the search train only while it is the latest choice; never another event’s train', () => {
    const tracked = [
      { tr: '111', eventUuids: ['uuid-2'], fromSearch: false },
      { tr: '4911', eventUuids: [], fromSearch: true },
    ];
    expect(followedTrain(tracked, 'uuid-1', true)).toBe('4911');
    // an event without a train was picked: nothing to follow
    expect(followedTrain(tracked, 'uuid-1', false)).toBeNull();
    // the picked event has its own train: that one
    expect(followedTrain(tracked, 'uuid-2', false)).toBe('111');
    expect(followedTrain(tracked, null, false)).toBe('111');
    // no event picked, points chosen on the map (kept across a reload): the map stays with them
    expect(followedTrain(tracked, null, false, true)).toBeNull();
    // the search's train is still followed while it is the latest choice
    expect(followedTrain(tracked, null, true, true)).toBe('4911');
  });

  it('a point added after a train was picked in the search ends following that train', () => {
    useMapStore.setState({ followTrain: true, trackedTrain: '4911', points: [] });
    useMapStore.getState().addPoint(point(50.0323));
    expect(useMapStore.getState()).toMatchObject({ followTrain: false, trackedTrain: '4911' });
  });
});

describe('auto-centre after removing points', () => {
  beforeEach(() => resetStores());
  afterEach(() => useMapStore.setState({ points: [] }));

  it('removing a far point re-centres on what is left: the target and the near point, at MAP_ZOOM_TO', () => {
    const { animate, fit } = showActive([point(50.0923), point(50.0842)]);
    expect(fit).toHaveBeenCalledTimes(1); // the target and a point 1 km away
    act(() => useMapStore.getState().removePoint('p50.0923'));
    expect(useMapStore.getState().autoCenter).toBe(true);
    expect(animate).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: MAP_ZOOM_TO }));
  });

  it('removing the last point turns auto-centre on and goes back to the target', () => {
    const { animate } = showActive([point(50.0923)]);
    act(() => {
      void useMapStore.setState({ autoCenter: false }); // the user dragged the map
    });
    act(() => useMapStore.getState().removePoint('p50.0923'));
    expect(useMapStore.getState().autoCenter).toBe(true);
    expect(animate).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: MAP_ZOOM_TO }));
  });

  it('with auto-centre off (dragged), removing one of two points leaves the map where the user put it', () => {
    const { animate, fit } = showActive([point(50.0923), point(50.0842)]);
    act(() => {
      void useMapStore.setState({ autoCenter: false });
    });
    const calls = animate.mock.calls.length + fit.mock.calls.length;
    act(() => useMapStore.getState().removePoint('p50.0923'));
    expect(useMapStore.getState().autoCenter).toBe(false);
    expect(animate.mock.calls.length + fit.mock.calls.length).toBe(calls);
  });
});
