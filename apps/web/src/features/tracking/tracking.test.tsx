/**
 * Trails and tracks on the map (issue 14 item 6): the layer menu's switch 'Stopy vozidel (30 min)' turns the
 * trail layer on (GET /v2/resources/trails → one line per vehicle) and off (layer gone); the active event's
 * deployment tracks come from GET /v2/events/{id}/tracks while 'Trasy nasazené techniky' is on.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineString } from 'ol/geom';
import { makeEvent } from '../../test/factories';
import { resetStores } from '../../test/utils';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { BaseLayerPicker } from '../map/controls/BaseLayerPicker';
import { useMapStore } from '../map/mapStore';
import { layerByName, layerFeatures, renderWithMap, routeFetch } from '../map/testMap';
import { MapTracking } from './MapTracking';

const trail = (resourceId: number) => ({
  resourceId,
  from: '2025-06-01 11:30:00',
  to: '2025-06-01 12:00:00',
  points: [
    [14.4, 50.1],
    [14.41, 50.11],
    [14.42, 50.1],
  ],
});

beforeEach(() => {
  resetStores();
  useMapStore.setState({ trails: false, jobTracks: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('trail switch', () => {
  it('off by default; the layer menu turns it on (one line per vehicle) and off again', async () => {
    const calls = routeFetch([
      ['GET', /^\/v2\/resources\/trails$/, () => ({ status: 200, body: [trail(1), trail(2)] })],
    ]);
    const { map } = renderWithMap(
      <>
        <BaseLayerPicker />
        <MapTracking />
      </>,
    );
    expect(layerByName(map, 'trails')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Podkladová mapa' }));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Stopy vozidel (30 min)' });
    expect(item).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(item);
    expect(useMapStore.getState().trails).toBe(true);
    await waitFor(() => expect(layerFeatures(map, 'trails')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/v2/resources/trails')).toHaveLength(1);
    const line = layerFeatures(map, 'trails')[0].getGeometry() as LineString;
    expect(line.getCoordinates()).toHaveLength(3);
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Stopy vozidel (30 min)' }));
    expect(useMapStore.getState().trails).toBe(false);
    expect(layerByName(map, 'trails')).toBeUndefined();
  });
});

describe('deployment tracks of the active event', () => {
  it('drawn from GET /v2/events/{id}/tracks while the switch is on', async () => {
    const event = makeEvent(7, { code: 'PHA-1' });
    useEntitiesStore.getState().applyBundle({ resetData: true, events: [event] });
    act(() => useUiStore.getState().setActiveEvent(event.uuid));
    const calls = routeFetch([
      [
        'GET',
        /^\/v2\/events\/7\/tracks$/,
        () => ({ status: 200, body: [{ ...trail(1), jobId: 5, eventJobStatusId: 15 }] }),
      ],
    ]);
    const { map } = renderWithMap(<MapTracking />);
    await waitFor(() => expect(layerFeatures(map, 'job-tracks')).toHaveLength(1));
    expect(calls.some((c) => c.path === '/v2/events/7/tracks')).toBe(true);
    act(() => {
      useMapStore.setState({ jobTracks: false });
    });
    expect(layerByName(map, 'job-tracks')).toBeUndefined();
  });
});
