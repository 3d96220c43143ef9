import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type Cluster from 'ol/source/Cluster';
import type { Fill, Style, Text } from 'ol/style';
import { makeEvent } from '../../test/factories';
import { resetStores } from '../../test/utils';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { useMapStore } from '../map/mapStore';
import { MapTrains } from './MapTrains';
import { layerByName, layerFeatures, makeTestMap, renderWithMap, routeFetch, type Call } from '../map/testMap';
import { resetZonesCache } from './ZonesLayer';
import { openTrain } from './openTrain';

vi.mock('./openTrain', () => ({ openTrain: vi.fn() }));

const train = (tr: string, kind = 'Os', extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id: tr,
  geometry: { type: 'Point', coordinates: [14.5, 50.1] },
  properties: {
    tr,
    title: `${kind} ${tr}`,
    druh_vlaku: kind,
    vlak_cislo: tr,
    azimut: 90,
    nebezpecne_veci: [],
    mimoradnost: { vojenska_preprava: false, plm: false, nv: false, jina: null },
    ...extra,
  },
});
const track = (tr: string, part: 'traversed' | 'ahead') => ({
  type: 'Feature',
  geometry: {
    type: 'LineString',
    coordinates: [
      [14.4, 50.1],
      [14.5, 50.1],
    ],
  },
  properties: { tr, title: tr, part },
});
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const count = (calls: Call[], method: string, re: RegExp) =>
  calls.filter((c) => c.method === method && re.test(c.path)).length;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetStores();
  resetZonesCache();
  useMapStore.setState({ trackedTrain: null, specialVehicles: false, zones: false, autoCenter: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('train layer', () => {
  function trainServer() {
    return routeFetch([
      [
        'POST',
        /^\/train-location$/,
        (c) => ({ status: 200, body: { features: [train(String((c.body as { TR: string }).TR))], tr: null } }),
      ],
      [
        'POST',
        /^\/train-track$/,
        (c) => ({
          status: 200,
          body: {
            features: (c.body as { TR: string[] }).TR.flatMap((tr) => [track(tr, 'traversed'), track(tr, 'ahead')]),
          },
        }),
      ],
      [
        'GET',
        /^\/v2\/grapp\/trains\//,
        () => ({
          status: 200,
          body: {
            token: 1700000000000,
            features: [train('60252', 'Pn', { nebezpecne_veci: [{ un: '1203' }] }), train('4911')],
          },
        }),
      ],
    ]);
  }

  it('tracks the trains of active events and the search choice, refreshed every 30 s', async () => {
    const calls = trainServer();
    useEntitiesStore.setState({
      events: {
        1: makeEvent(1, { data: { trainNumber: 'Os 4911' } }),
        2: makeEvent(2, { data: { trainNumber: 'Sp 1742' }, eventStateId: 5 }), // closed: not tracked
        3: makeEvent(3, { data: {} }),
      },
    });
    useMapStore.setState({ trackedTrain: '6100' });
    const { map } = renderWithMap(<MapTrains />);
    await flush();
    const trBodies = calls.filter((c) => c.path === '/train-location').map((c) => c.body);
    expect(trBodies).toEqual([{ TR: '4911' }, { TR: '6100' }]);
    expect(calls.find((c) => c.path === '/train-track')?.body).toEqual({ TR: ['4911', '6100'] });
    const features = layerFeatures(map, 'trains');
    expect(features.filter((f) => f.get('tracked')).map((f) => f.get('tr'))).toEqual(['4911', '6100']);
    expect(features.filter((f) => f.get('kind') === 'train-track')).toHaveLength(4);
    expect(layerByName(map, 'trains')?.getZIndex()).toBe(1001);
    expect(screen.getByTestId('train-legend')).toHaveTextContent('Os 4911');
    // zoom 0: no feed
    expect(count(calls, 'GET', /grapp/)).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(count(calls, 'POST', /^\/train-location$/)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(count(calls, 'POST', /^\/train-location$/)).toBe(4);
    // the timed refresh leaves auto-centre alone
    expect(useMapStore.getState().autoCenter).toBe(true);
  });

  it('the reload button reloads now and turns auto-centre off', async () => {
    const calls = trainServer();
    useMapStore.setState({ trackedTrain: '4911' });
    renderWithMap(<MapTrains />);
    await flush();
    expect(count(calls, 'POST', /^\/train-location$/)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Aktualizovat polohu vlaku' }));
    await flush();
    expect(count(calls, 'POST', /^\/train-location$/)).toBe(2);
    expect(useMapStore.getState().autoCenter).toBe(false);
  });

  it('from zoom 3 draws the whole feed, keeping the token between calls every 30 s', async () => {
    const calls = trainServer();
    const map = makeTestMap(2);
    renderWithMap(<MapTrains />, map);
    await flush();
    expect(count(calls, 'GET', /grapp/)).toBe(0);
    expect(screen.queryByTestId('train-legend')).toBeNull();
    act(() => map.getView().setZoom(3));
    await flush();
    expect(calls.filter((c) => /grapp/.test(c.path)).map((c) => c.path)).toEqual(['/v2/grapp/trains/null']);
    const feed = layerFeatures(map, 'trains');
    expect(feed.map((f) => f.get('tr')).sort()).toEqual(['4911', '60252']);
    expect(feed.every((f) => f.get('tracked') === false)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls.filter((c) => /grapp/.test(c.path)).map((c) => c.path)).toEqual([
      '/v2/grapp/trains/null',
      '/v2/grapp/trains/1700000000000',
    ]);
    // a dangerous train is labelled with the warning sign
    const dangerous = feed.find((f) => f.get('tr') === '60252')!;
    const styles = dangerous.getStyle() as Style[];
    expect(styles.map((s) => (s.getText() as Text | null)?.getText()).filter(Boolean)).toEqual(['⚠ Pn 60252']);
  });

  it('an outage (502) says the train service is unavailable, never "no trains"; recovery clears it', async () => {
    let down = true;
    const outage = () => ({ status: 502, body: { message: 'Služba polohy vlaků není dostupná.' } });
    routeFetch([
      [
        'POST',
        /^\/train-location$/,
        (c) =>
          down
            ? outage()
            : { status: 200, body: { features: [train(String((c.body as { TR: string }).TR))], tr: null } },
      ],
      ['POST', /^\/train-track$/, () => ({ status: 200, body: { features: [] } })],
      [
        'GET',
        /^\/v2\/grapp\/trains\//,
        () => (down ? outage() : { status: 200, body: { token: 1, features: [train('4911')] } }),
      ],
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // the feed alone (no tracked train): the legend appears only to say the service is out
    const map = makeTestMap(3);
    renderWithMap(<MapTrains />, map);
    await flush();
    expect(screen.getByTestId('trains-unavailable')).toHaveTextContent('Služba polohy vlaků není dostupná.');
    expect(screen.queryByTestId('tracked-train')).toBeNull();
    down = false;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.queryByTestId('trains-unavailable')).toBeNull();
    expect(layerFeatures(map, 'trains').map((f) => f.get('tr'))).toEqual(['4911']);
  });

  it('a tracked train during an outage: the legend says the service is out (a proxy 502 without text too)', async () => {
    routeFetch([
      ['POST', /^\/train-location$/, () => ({ status: 502, body: 'Bad Gateway' })],
      ['GET', /^\/v2\/grapp\/trains\//, () => ({ status: 502, body: 'Bad Gateway' })],
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    useMapStore.setState({ trackedTrain: '4911' });
    renderWithMap(<MapTrains />);
    await flush();
    expect(screen.getByTestId('trains-unavailable')).toHaveTextContent('Služba polohy vlaků není dostupná.');
    expect(screen.getByTestId('train-legend')).toHaveTextContent('Sledované vlaky');
  });

  it('a click on a train passes its properties to the train card', async () => {
    trainServer();
    useMapStore.setState({ trackedTrain: '4911' });
    const { map } = renderWithMap(<MapTrains />);
    await flush();
    const feature = layerFeatures(map, 'trains').find((f) => f.get('tracked'))!;
    (feature.get('onClick') as () => void)();
    expect(openTrain).toHaveBeenCalledWith(
      expect.objectContaining({ tr: '4911', druh_vlaku: 'Os', vlak_cislo: '4911' }),
    );
  });
});

describe('special rail vehicles', () => {
  it('shown with the toggle: clustered (distance 40), active within 1 h, refreshed every 30 s', async () => {
    const now = new Date();
    const wire = (d: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Prague',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .format(d)
        .replace('T', ' ');
    const muv = (id: string, minutesAgo: number) => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [15, 50] },
      properties: { id, name: `MUV ${id}`, created: wire(new Date(now.getTime() - minutesAgo * 60_000)) },
    });
    const calls = routeFetch([
      ['POST', /^\/muv-location$/, () => ({ status: 200, body: { features: [muv('a', 5), muv('b', 120)] } })],
    ]);
    const { map } = renderWithMap(<MapTrains />);
    await flush();
    expect(layerByName(map, 'special-vehicles')).toBeUndefined();
    expect(count(calls, 'POST', /muv/)).toBe(0);

    act(() => {
      useMapStore.setState({ specialVehicles: true });
    });
    await flush();
    const layer = layerByName(map, 'special-vehicles')!;
    expect((layer.getSource() as unknown as Cluster).getDistance()).toBe(40);
    const features = layerFeatures(map, 'special-vehicles');
    expect(features.map((f) => [f.get('name'), f.get('active')])).toEqual([
      ['MUV a', true],
      ['MUV b', false],
    ]);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(count(calls, 'POST', /muv/)).toBe(2);

    act(() => {
      useMapStore.setState({ specialVehicles: false });
    });
    expect(layerByName(map, 'special-vehicles')).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(count(calls, 'POST', /muv/)).toBe(2);
  });
});

describe('zones', () => {
  it('shown with the toggle: coloured polygons and unit points, loaded once', async () => {
    const polygon = (id: number, color: string) => ({
      type: 'Feature',
      id,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [14, 50],
            [14.5, 50],
            [14.5, 50.5],
            [14, 50],
          ],
        ],
      },
      properties: { baseId: id, name: `Stanice ${id}`, code: `S${id}`, color },
    });
    const calls = routeFetch([
      ['GET', /^\/jpo-area$/, () => ({ status: 200, body: { features: [polygon(1, 'red'), polygon(2, 'white')] } })],
      [
        'GET',
        /^\/jpo-point$/,
        () => ({
          status: 200,
          body: {
            features: [
              {
                type: 'Feature',
                id: 1,
                geometry: { type: 'Point', coordinates: [14.2, 50.2] },
                properties: { baseId: 1, name: 'Stanice HZS SŽ Praha', code: 'PHA' },
              },
            ],
          },
        }),
      ],
    ]);
    const { map } = renderWithMap(<MapTrains />);
    act(() => {
      useMapStore.setState({ zones: true });
    });
    await flush();
    const zones = layerFeatures(map, 'zones');
    expect(zones).toHaveLength(2);
    const fill = (f: (typeof zones)[number]) => ((f.getStyle() as Style[])[0].getFill() as Fill).getColor();
    expect(fill(zones[0])).toBe('rgba(229, 57, 53, 0.22)');
    expect(fill(zones[1])).toBe('rgba(255, 255, 255, 0.22)');
    expect(layerFeatures(map, 'zone-units').map((f) => f.get('name'))).toEqual(['Stanice HZS SŽ Praha']);

    act(() => {
      useMapStore.setState({ zones: false });
    });
    expect(layerByName(map, 'zones')).toBeUndefined();
    act(() => {
      useMapStore.setState({ zones: true });
    });
    await flush();
    expect(layerFeatures(map, 'zones')).toHaveLength(2);
    expect(count(calls, 'GET', /jpo-area/)).toBe(1);
  });
});

describe('estimated routes', () => {
  it('per listed job of the active saved event (not status 20) and the unit base; label duration · distance', async () => {
    const route = (durationText: string) => ({
      status: 200,
      body: {
        route: {
          type: 'LineString',
          coordinates: [
            [14.4, 50.0],
            [14.6, 50.2],
          ],
        },
        durationText,
        distanceText: '8,4 km',
        distance: 8400,
        duration: 720,
      },
    });
    const calls = routeFetch([
      ['GET', /^\/v2\/routes\/event-job\/11$/, () => route('12 min')],
      [
        'GET',
        /^\/v2\/routes\/event-job\/13$/,
        () => ({ status: 422, body: [{ field: 'id', message: 'Poloha vozidla není známa.' }] }),
      ],
      ['GET', /^\/v2\/routes\/base\/3/, () => route('20 min')],
    ]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const event = makeEvent(7, { baseId: 3, targetLatitude: 50.2, targetLongitude: 14.6 });
    const job = (id: number, status: number) =>
      ({
        id,
        uuid: null,
        eventUuid: event.uuid,
        eventId: 7,
        eventJobStatusId: status,
        baseId: 3,
        resourceId: id,
        vehicle: null,
        arriveAt: null,
        eventJobCategoryId: null,
        showWaypointsTimeout: 0,
      }) as never;
    useEntitiesStore.setState({
      events: { 7: event },
      eventJobs: { 11: job(11, 18), 12: job(12, 20), 13: job(13, 15) },
      bases: {
        3: { id: 3, uid: 'b3', code: 'PHA', name: 'Praha', baseCategoryId: 1, longitude: 14.4, latitude: 50.0 },
      },
    });
    useUiStore.getState().setActiveEvent(event.uuid);
    const { map } = renderWithMap(<MapTrains />);
    await flush();
    expect(
      calls
        .filter((c) => /routes/.test(c.path))
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/v2/routes/base/3?eventId=7', '/v2/routes/event-job/11', '/v2/routes/event-job/13']);
    const labels = layerFeatures(map, 'routes')
      .map((f) => f.get('label'))
      .sort();
    expect(labels).toEqual(['12 min · 8,4 km', '20 min · 8,4 km']);
    expect(layerByName(map, 'routes')?.getZIndex()).toBe(99);
    expect(error).toHaveBeenCalled();

    // jobs change: routes reloaded
    act(() =>
      useEntitiesStore.setState((s) => ({
        eventJobs: { ...s.eventJobs, 11: { ...s.eventJobs[11], eventJobStatusId: 20 } },
      })),
    );
    await flush();
    expect(count(calls, 'GET', /routes\/event-job\/11/)).toBe(1);
    expect(count(calls, 'GET', /routes\/event-job\/13/)).toBe(2);
    error.mockRestore();
  });
});
