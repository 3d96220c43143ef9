import { describe, expect, it, vi } from 'vitest';
import type { Point } from 'ol/geom';
import { makeEvent } from '../../../test/factories';
import { makeMessage } from '../../messages/testMessages';
import { NOW, ago, makeJob, makeResource } from '../../vehicles/testVehicles';
import { toLonLat } from '../projection';
import { destinationFeatures, targetFeatures } from './eventFeatures';
import { isMapMessage } from './MessagesLayer';
import { geoFeatures } from './MapObjectsLayer';
import type { LineString } from 'ol/geom';
import type { Style } from 'ol/style';
import {
  deviceFeatures,
  freeVehicleFeatures,
  jobFeatures,
  jobLineFeatures,
  parseRoute,
  parseWaypoints,
  routeFromVehicle,
} from './vehicleFeatures';

const lonLat = (f: { getGeometry: () => unknown }) => toLonLat((f.getGeometry() as Point).getCoordinates());

describe('event features', () => {
  const categories = {
    5: {
      id: 5,
      marker: {
        shape: 'square',
        color: '#123456',
        scale: 1,
        iconCharCode: 'e518',
        iconFontFamily: 'Material Icons',
        iconColor: '#fff',
        iconOffset: [0, 0],
      },
    },
  } as never;
  const priorities = { 4: { id: 4, name: 'Kritická', color: '#f44336' } } as never;
  const events = [
    makeEvent(1, { targetLongitude: 14.43, targetLatitude: 50.08, priorityId: 4 }),
    makeEvent(2, { targetLongitude: null, targetLatitude: null }),
    makeEvent(3, {
      targetLongitude: 15.77,
      targetLatitude: 50.04,
      destinationLongitude: 15.8,
      destinationLatitude: 50.05,
    }),
  ];

  it('one target per event with coordinates, at its place; a click selects the event', () => {
    const onSelect = vi.fn();
    const features = targetFeatures({ events, categories, priorities, activeUuid: 'uuid-3', onSelect });
    expect(features.map((f) => f.get('eventUuid'))).toEqual(['uuid-1', 'uuid-3']);
    const [lon, lat] = lonLat(features[0]);
    expect(lon).toBeCloseTo(14.43, 6);
    expect(lat).toBeCloseTo(50.08, 6);
    features[1].get('onClick')();
    expect(onSelect).toHaveBeenCalledWith('uuid-3');
  });

  it('colours by priority, else by the category marker; the active event is emphasised and labelled', () => {
    const features = targetFeatures({ events, categories, priorities, activeUuid: 'uuid-3', onSelect: vi.fn() });
    const shapeColor = (f: (typeof features)[number]) => {
      const styles = f.getStyle() as { getImage: () => { getFill: () => { getColor: () => string } } | null }[];
      return styles.map((s) => s.getImage()?.getFill().getColor()).filter(Boolean);
    };
    expect(shapeColor(features[0])).toContain('#f44336');
    expect(shapeColor(features[1])).toContain('#123456');
    expect((features[1].getStyle() as unknown[]).length).toBeGreaterThan((features[0].getStyle() as unknown[]).length);
  });

  it('destinations get a flag and a line from the target', () => {
    const features = destinationFeatures({ events, onSelect: vi.fn() });
    expect(features.map((f) => f.get('kind') ?? 'line')).toEqual(['event-destination', 'line']);
  });
});

describe('vehicle features', () => {
  const now = new Date(NOW);
  const base = {
    resourceTypes: { 1: { id: 1, code: 'CAS' } } as never,
    bases: {} as never,
    events: { 1: makeEvent(1, { targetLongitude: 14.5, targetLatitude: 50.1 }) },
    now,
    onSelectEvent: vi.fn(),
  };

  it('draws listed jobs at their vehicle (status 20 left out) and selects the event on click', () => {
    const resources = { 1: makeResource(1), 2: makeResource(2), 3: makeResource(3, { locationAt: null }) };
    const jobs = [makeJob(1), makeJob(2, { eventJobStatusId: 20 }), makeJob(3)];
    const features = jobFeatures({ ...base, jobs, resources });
    expect(features.map((f) => f.get('jobId'))).toEqual([1]);
    features[0].get('onClick')();
    expect(base.onSelectEvent).toHaveBeenCalledWith('uuid-1');
  });

  it('marks positions older than 300 s as stale', () => {
    const resources = { 1: makeResource(1, { locationAt: ago(301) }), 2: makeResource(2, { locationAt: ago(299) }) };
    const labels = freeVehicleFeatures({ ...base, jobs: [], resources }).map((f) => {
      const styles = f.getStyle() as { getText: () => { getText: () => string } | null }[];
      return styles[1].getText()?.getText();
    });
    expect(labels).toEqual(['PHA !', 'PHA']);
  });

  it('vehicles on a listed job are not drawn again as free vehicles', () => {
    const resources = { 1: makeResource(1), 2: makeResource(2) };
    expect(freeVehicleFeatures({ ...base, jobs: [makeJob(1)], resources }).map((f) => f.getId())).toEqual([
      'vehicle:2',
    ]);
    expect(
      freeVehicleFeatures({ ...base, jobs: [makeJob(1, { eventJobStatusId: 20 })], resources }).map((f) => f.getId()),
    ).toEqual(['vehicle:1', 'vehicle:2']);
  });

  it('route line to the destination; waypoint line only while showWaypointsTimeout is above 0', () => {
    const waypoints = JSON.stringify([
      [14.4, 50.1],
      [14.45, 50.1],
      [14.5, 50.1],
    ]);
    const resources = { 1: makeResource(1, { pnt: { waypoints } as never }) };
    const kinds = (timeout: number) =>
      jobLineFeatures({ ...base, jobs: [makeJob(1, { showWaypointsTimeout: timeout })], resources }).map((f) =>
        f.get('kind'),
      );
    expect(kinds(0)).toEqual(['job-route']);
    expect(kinds(30)).toEqual(['job-route', 'job-waypoints']);
  });

  describe('the line to the target: road route or labelled estimate (issue 14)', () => {
    // as modules/tracking stores it: GeoJSON LineString from the vehicle (14.4, 50.1) to the target (14.5, 50.1)
    const road = JSON.stringify({
      type: 'LineString',
      coordinates: [
        [14.4, 50.1],
        [14.42, 50.11],
        [14.46, 50.12],
        [14.5, 50.1],
      ],
    });
    const line = (pnt: object, status = 15) =>
      jobLineFeatures({
        ...base,
        jobs: [makeJob(1, { eventJobStatusId: status })],
        resources: { 1: makeResource(1, { pnt: pnt as never }) },
      });
    const coords = (f: { getGeometry: () => unknown }) =>
      (f.getGeometry() as LineString).getCoordinates().map((c) => toLonLat(c).map((v) => Number(v.toFixed(4))));
    const styles = (f: { getStyle: () => unknown }) => [f.getStyle()].flat() as Style[];

    it('a road route is drawn along the road, solid, in the job colour, without the estimate label', () => {
      const [f] = line({ route: road, etaSource: 'route', eta: '2026-03-10 10:00:00' });
      expect(f.get('kind')).toBe('job-road-route');
      expect(coords(f)).toEqual([
        [14.4, 50.1],
        [14.42, 50.11],
        [14.46, 50.12],
        [14.5, 50.1],
      ]);
      for (const s of styles(f)) {
        expect(s.getStroke()?.getLineDash() ?? null).toBeNull();
        expect(s.getText()).toBeNull();
      }
      expect(styles(f).at(-1)!.getStroke()!.getColor()).toBe('#ef6c00'); // status 15
    });

    it('without a road route it is the straight dashed line labelled odhad', () => {
      for (const pnt of [
        {
          route: JSON.stringify({
            type: 'LineString',
            coordinates: [
              [14.4, 50.1],
              [14.5, 50.1],
            ],
          }),
          etaSource: 'estimate',
        },
        { route: null, etaSource: null },
        { route: 'not json', etaSource: 'route' },
      ]) {
        const [f] = line(pnt);
        expect(f.get('kind')).toBe('job-route');
        expect(coords(f)).toEqual([
          [14.4, 50.1],
          [14.5, 50.1],
        ]);
        const [dashed, label] = styles(f);
        expect(dashed.getStroke()!.getLineDash()).toEqual([10, 6]);
        expect(label.getText()!.getText()).toBe('odhad');
        // the label stands a third of the way from the vehicle, not at the middle (the route card's label)
        const at = toLonLat((label.getGeometryFunction()(f) as Point).getCoordinates());
        expect(at[0]).toBeCloseTo(14.43, 2);
      }
    });

    it("the 'odhad' label stands beside the line, on the side the line does not run to", () => {
      const side = (lon: number, lat: number) => {
        const [f] = jobLineFeatures({
          ...base,
          events: { 1: makeEvent(1, { targetLongitude: lon, targetLatitude: lat }) },
          jobs: [makeJob(1)],
          resources: { 1: makeResource(1) }, // at 14.4, 50.1
        });
        const text = styles(f)[1].getText()!;
        return [text.getTextAlign(), Math.sign(text.getOffsetX())];
      };
      expect(side(14.5, 50.2)).toEqual(['right', -1]); // up to the right: the label up-left
      expect(side(14.3, 50.0)).toEqual(['right', -1]);
      expect(side(14.5, 50.0)).toEqual(['left', 1]); // down to the right: the label up-right
    });

    it('at the scene (18) there is no line', () => {
      expect(line({ route: road, etaSource: 'route' }, 18)).toEqual([]);
      expect(line({ route: null }, 18)).toEqual([]);
    });

    it('the route starts where the vehicle is now, not where it was computed', () => {
      const route = parseRoute(road);
      expect(routeFromVehicle(route, [14.43, 50.112])).toEqual([
        [14.43, 50.112],
        [14.46, 50.12],
        [14.5, 50.1],
      ]);
      expect(parseRoute('[[14,50],[15,51]]')).toEqual([
        [14, 50],
        [15, 51],
      ]);
      expect(parseRoute('{"type":"LineString","coordinates":[[14,"x"]]}')).toEqual([]);
      expect(parseRoute(null)).toEqual([]);
    });
  });

  it('parses waypoints as pairs or objects and ignores bad text', () => {
    expect(parseWaypoints('[[14,50],[15,51]]')).toEqual([
      [14, 50],
      [15, 51],
    ]);
    expect(parseWaypoints('[{"longitude":14,"latitude":50}]')).toEqual([[14, 50]]);
    expect(parseWaypoints('nonsense')).toEqual([]);
    expect(parseWaypoints(null)).toEqual([]);
  });

  it('devices with a location; stale without a contact in the last 300 s', () => {
    const seconds = NOW / 1000;
    const devices = [
      {
        id: 1,
        code: 'M-01',
        name: 'Telefon',
        locationLongitude: 14.4,
        locationLatitude: 50,
        connectedAt: seconds - 10,
      },
      {
        id: 2,
        code: 'T-01',
        name: 'Tablet',
        locationLongitude: 14.4,
        locationLatitude: 50,
        connectedAt: seconds - 400,
      },
      {
        id: 3,
        code: 'X-01',
        name: 'Bez polohy',
        locationLongitude: null,
        locationLatitude: null,
        connectedAt: seconds,
      },
    ] as never;
    const labels = deviceFeatures(devices, now).map((f) =>
      (f.getStyle() as { getText: () => { getText: () => string } | null }[])[1].getText()?.getText(),
    );
    expect(labels).toEqual(['M-01', 'T-01 !']);
  });
});

describe('messages and drawn objects', () => {
  it('messages with coordinates and media, or of a message-to-map type, go on the map', () => {
    expect(isMapMessage(makeMessage(1, { latitude: 50, longitude: 14, media: ['a.jpg'] }))).toBe(true);
    expect(isMapMessage(makeMessage(2, { latitude: 50, longitude: 14, type: 'X04' }))).toBe(true);
    expect(isMapMessage(makeMessage(3, { latitude: 50, longitude: 14 }))).toBe(false);
    expect(isMapMessage(makeMessage(4, { media: ['a.jpg'] }))).toBe(false);
  });

  it('reads a drawn object from a Feature, a FeatureCollection or a bare geometry; bad ones give nothing', () => {
    const line = {
      type: 'LineString',
      coordinates: [
        [14, 50],
        [14.1, 50.1],
      ],
    };
    const geo = (geojson: unknown) => ({
      id: 1,
      uuid: 'g',
      geojson,
      eventId: 1,
      eventUuid: 'e',
      sequence: 0,
      title: 'Uzávěra',
      options: null,
      createdBy: null,
    });
    expect(geoFeatures(geo({ type: 'Feature', geometry: line, properties: {} }))).toHaveLength(1);
    expect(
      geoFeatures(geo({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: line, properties: {} }] })),
    ).toHaveLength(1);
    expect(geoFeatures(geo(line))[0].get('title')).toBe('Uzávěra');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(geoFeatures(geo({ type: 'Nonsense' }))).toEqual([]);
  });
});
