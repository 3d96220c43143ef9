/**
 * The deployments' tracks in the event view's Technika tab (issue 14 item 6): each deployment of
 * GET /v2/events/{id}/tracks with its vehicle, departure, distance driven (km, Czech decimal comma) and last fix,
 * and 'Zobrazit na mapě', which highlights that track on the map and fits the view to it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCenter } from 'ol/extent';
import type { LineString } from 'ol/geom';
import type { JobTrack } from '@panel/domain/tracking';
import { makeEvent } from '../../test/factories';
import { resetStores } from '../../test/utils';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { useMapStore } from '../map/mapStore';
import { toLonLat } from '../map/projection';
import { layerFeatures, renderWithMap, routeFetch } from '../map/testMap';
import { TrackFocus } from '../tracking/TrackFocus';
import { DeploymentTracks } from './DeploymentTracks';
import { makeResource } from './testVehicles';

const event = makeEvent(7, { code: 'PHA-2025-0412', targetLongitude: 14.5, targetLatitude: 50.1 });

// as GET /v2/events/{id}/tracks answers (apps/server/src/modules/tracking/tracks.ts)
const TRACKS: JobTrack[] = [
  {
    jobId: 51,
    resourceId: 103,
    eventJobStatusId: 15,
    departedAt: '2025-06-01 11:58:00',
    from: '2025-06-01 11:58:10',
    to: '2025-06-01 12:10:40',
    distance: 12_345,
    points: [
      [14.4, 50.0],
      [14.45, 50.05],
      [14.5, 50.1],
    ],
  },
  {
    jobId: 52,
    resourceId: 999,
    eventJobStatusId: 14,
    departedAt: '2025-06-01 12:09:00',
    from: null,
    to: null,
    distance: 0,
    points: [],
  },
];

beforeEach(() => {
  resetStores();
  useMapStore.setState({ jobTracks: false, autoCenter: true, focusedTrack: null });
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    events: [event],
    resources: [makeResource(103, { name: 'CAS Tatra PHA' })],
  });
  act(() => useUiStore.getState().setActiveEvent(event.uuid));
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = (jobId: number) =>
  screen.getAllByTestId('deployment-track').find((r) => r.getAttribute('data-job') === String(jobId))!;

describe('DeploymentTracks', () => {
  it('lists each deployment: vehicle, departure, km driven with a decimal comma, last fix', async () => {
    const calls = routeFetch([['GET', /^\/v2\/events\/7\/tracks$/, () => ({ status: 200, body: TRACKS })]]);
    renderWithMap(<DeploymentTracks eventId={7} />);
    await waitFor(() => expect(screen.getAllByTestId('deployment-track')).toHaveLength(2));
    expect(calls.map((c) => c.path)).toEqual(['/v2/events/7/tracks']);

    const first = within(rowOf(51));
    expect(first.getByText('CAS Tatra PHA')).toBeInTheDocument();
    expect(first.getByTestId('track-departure')).toHaveTextContent('01.06.2025 11:58');
    expect(first.getByTestId('track-distance')).toHaveTextContent('12,3 km');
    expect(first.getByTestId('track-last-fix')).toHaveTextContent('01.06.2025 12:10');
    expect(first.getByText('Výjezd')).toBeInTheDocument();
    expect(first.getByText('Ujeto')).toBeInTheDocument();

    // no fix since departure yet: 0,0 km, 'bez polohy', nothing to show on the map
    const second = within(rowOf(52));
    expect(second.getByText('Technika 999')).toBeInTheDocument();
    expect(second.getByTestId('track-distance')).toHaveTextContent('0,0 km');
    expect(second.getByTestId('track-last-fix')).toHaveTextContent('bez polohy');
    expect(second.getByRole('button', { name: /Zobrazit na mapě/ })).toBeDisabled();
  });

  it("'Zobrazit na mapě' turns the tracks on, highlights that track and fits the map to it", async () => {
    routeFetch([['GET', /^\/v2\/events\/7\/tracks$/, () => ({ status: 200, body: TRACKS })]]);
    const { map } = renderWithMap(
      <>
        <DeploymentTracks eventId={7} />
        <TrackFocus />
      </>,
    );
    map.setSize([800, 600]);
    const before = map.getView().getCenter();
    await userEvent.click(await screen.findByRole('button', { name: 'Zobrazit na mapě: CAS Tatra PHA' }));

    const state = useMapStore.getState();
    expect(state.jobTracks).toBe(true);
    expect(state.autoCenter).toBe(false);
    expect(state.focusedTrack).toMatchObject({ jobId: 51, eventId: 7, fitted: true });
    const line = layerFeatures(map, 'focused-track').find((f) => f.get('kind') === 'focused-track')!;
    expect((line.getGeometry() as LineString).getCoordinates()).toHaveLength(3);

    // the view goes to the track (its animation ends at the centre of the track's extent)
    await waitFor(() => expect(map.getView().getAnimating()).toBe(false), { timeout: 2000 });
    const [lon, lat] = toLonLat(map.getView().getCenter()!);
    expect(map.getView().getCenter()).not.toEqual(before);
    const [cx, cy] = toLonLat(getCenter(line.getGeometry()!.getExtent()));
    expect(lon).toBeCloseTo(cx, 2);
    expect(lat).toBeCloseTo(cy, 2);
  });

  it('a track of another event than the active one is not drawn', () => {
    useMapStore.setState({
      focusedTrack: { jobId: 1, eventId: 8, points: TRACKS[0].points, color: '#000', fitted: true },
    });
    const { map } = renderWithMap(<TrackFocus />);
    expect(layerFeatures(map, 'focused-track')).toHaveLength(0);
  });

  it('a failed load says so', async () => {
    routeFetch([['GET', /^\/v2\/events\/7\/tracks$/, () => ({ status: 500, body: { message: 'x' } })]]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithMap(<DeploymentTracks eventId={7} />);
    expect(await screen.findByText('Trasy techniky se nepodařilo načíst')).toBeInTheDocument();
  });
});
