import { beforeEach, describe, expect, it } from 'vitest';
import { packPositions, type Device } from '@panel/domain/sync';
import { makeResource } from '../features/vehicles/testVehicles';
import { makeEvent } from '../test/factories';
import { selectActiveEventCount, selectActiveEvents, useEntitiesStore } from './entitiesStore';
import { useSetupStore } from './setupStore';

const base = { id: 3, uid: 'B3', code: 'PHA', name: 'HZS Praha', baseCategoryId: 1, longitude: null, latitude: null };

describe('entitiesStore.applyBundle', () => {
  beforeEach(() => useEntitiesStore.getState().clear());

  it('replaces everything on a full bundle (resetData)', () => {
    const store = useEntitiesStore.getState();
    store.applyBundle({ resetData: true, uid: 'e.1', bases: [base], events: [makeEvent(1), makeEvent(2)] });
    store.applyBundle({ resetData: true, uid: 'e.2', events: [makeEvent(3)], userPermissions: ['event.create'] });
    const s = useEntitiesStore.getState();
    expect(Object.keys(s.events)).toEqual(['3']);
    expect(s.bases).toEqual({});
    expect(s.uid).toBe('e.2');
    expect(s.userPermissions).toEqual(['event.create']);
  });

  it('merges a delta, keeps untouched tables and drops removed ids', () => {
    const store = useEntitiesStore.getState();
    store.applyBundle({
      resetData: true,
      uid: 'e.1',
      bases: [base],
      events: [makeEvent(1), makeEvent(2)],
      settings: { environment: 'demo', product: 'hzs' } as never,
      userPermissions: ['event.create'],
    });
    const basesBefore = useEntitiesStore.getState().bases;
    store.applyBundle({
      resetData: false,
      uid: 'e.5',
      events: [makeEvent(2, { subject: 'změna' }), makeEvent(4)],
      removed: { events: [1] },
      settings: { product: 'zzs' } as never,
    });
    const s = useEntitiesStore.getState();
    expect(Object.keys(s.events).sort()).toEqual(['2', '4']);
    expect(s.events[2].subject).toBe('změna');
    expect(s.bases).toBe(basesBefore);
    expect(s.settings).toEqual({ environment: 'demo', product: 'zzs' });
    expect(s.userPermissions).toEqual(['event.create']);
    expect(s.uid).toBe('e.5');
  });

  it('drops events arriving in an inactive state and counts only active ones', () => {
    const store = useEntitiesStore.getState();
    store.applyBundle({ resetData: true, uid: 'e.1', events: [makeEvent(1), makeEvent(2), makeEvent(3)] });
    store.applyBundle({ uid: 'e.2', events: [makeEvent(2, { eventStateId: 5 })] });
    expect(Object.keys(useEntitiesStore.getState().events)).toEqual(['1', '3']);
    expect(selectActiveEventCount(useEntitiesStore.getState())).toBe(2);
    expect(selectActiveEvents(useEntitiesStore.getState()).map((e) => e.id)).toEqual([3, 1]);
  });

  it('keeps an event a write answered when a pull answered before the write brings the older copy', () => {
    const store = useEntitiesStore.getState();
    store.applyBundle({ resetData: true, uid: 'e.1', events: [makeEvent(1, { version: 1 }), makeEvent(2)] });
    // the destination just set: the PUT's answer, version 2
    store.upsertEvent(makeEvent(1, { version: 2, destinationLatitude: 50.1 }));
    // the pull that was on its way: its copy is version 1, as a delta and as a full bundle
    store.applyBundle({ uid: 'e.2', events: [makeEvent(1, { version: 1 })] });
    expect(useEntitiesStore.getState().events[1]).toMatchObject({ version: 2, destinationLatitude: 50.1 });
    store.applyBundle({ resetData: true, uid: 'e.2', events: [makeEvent(1, { version: 1 }), makeEvent(2)] });
    expect(useEntitiesStore.getState().events[1]).toMatchObject({ version: 2, destinationLatitude: 50.1 });
    // an older copy closing it does not close it either; a newer copy is taken, also with the same version
    store.applyBundle({ uid: 'e.3', events: [makeEvent(1, { version: 1, eventStateId: 5 })] });
    expect(useEntitiesStore.getState().events[1].version).toBe(2);
    store.applyBundle({ uid: 'e.4', events: [makeEvent(1, { version: 2, subject: 'zprávy' })] });
    expect(useEntitiesStore.getState().events[1]).toMatchObject({ version: 2, subject: 'zprávy' });
    store.applyBundle({ uid: 'e.5', events: [makeEvent(1, { version: 3, destinationLatitude: null })] });
    expect(useEntitiesStore.getState().events[1]).toMatchObject({ version: 3, destinationLatitude: null });
  });

  it('sets moved positions on the vehicles and devices it holds, keeping the rest of each row', () => {
    const store = useEntitiesStore.getState();
    const route = '{"type":"LineString","coordinates":[[14.4,50.1],[14.5,50.2]]}';
    const vehicle = makeResource(7, {
      event: 1,
      eventJob: 11,
      locationAt: '2026-11-29T00:00:00Z',
      locationAccuracy: 10,
      pnt: {
        latitude: 50.1,
        longitude: 14.4,
        speed: 0,
        sourceName: 'N-7',
        updatedAt: '2026-11-29T00:00:00Z',
        eta: '2026-11-29T00:20:00Z',
        route,
        destinationLatitude: 50.2,
        destinationLongitude: 14.5,
        waypoints: null,
        etaSource: 'route',
      },
    });
    const device: Device = {
      id: 5,
      code: 'N-7',
      name: 'Navigace',
      baseId: 3,
      userId: null,
      resourceName: 'CAS 30',
      number: null,
      status: 1,
      ownership: 'corporate',
      connectedAt: 100,
      testedAt: null,
      testResult: null,
      locationLongitude: 14.4,
      locationLatitude: 50.1,
    };
    store.applyBundle({ resetData: true, uid: 'e.1', resources: [vehicle], devices: [device] });
    store.applyBundle({
      uid: 'e.2',
      // as tuples on the wire (packPositions)
      positions: packPositions(
        [
          {
            id: 7,
            latitude: 50.15,
            longitude: 14.45,
            speed: 42,
            sourceName: 'N-7',
            locationAt: '2026-11-29T00:00:05Z',
            locationAccuracy: 5,
          },
          // a vehicle the panel does not hold is not made up from its position
          {
            id: 99,
            latitude: 49,
            longitude: 15,
            speed: null,
            sourceName: null,
            locationAt: null,
            locationAccuracy: null,
          },
        ],
        [{ id: 5, locationLatitude: 50.15, locationLongitude: 14.45, connectedAt: 105 }],
      ),
    });
    const s = useEntitiesStore.getState();
    expect(Object.keys(s.resources)).toEqual(['7']);
    expect(s.resources[7].pnt).toEqual({
      ...vehicle.pnt,
      latitude: 50.15,
      longitude: 14.45,
      speed: 42,
      updatedAt: '2026-11-29T00:00:05Z',
    });
    expect(s.resources[7]).toMatchObject({ event: 1, locationAt: '2026-11-29T00:00:05Z', locationAccuracy: 5 });
    expect(s.devices[5]).toEqual({ ...device, locationLatitude: 50.15, locationLongitude: 14.45, connectedAt: 105 });
    expect(s.uid).toBe('e.2');
  });
});

describe('setupStore', () => {
  it('rejects an auto refresh period below 500 ms', () => {
    const setup = useSetupStore.getState();
    expect(setup.autoRefresh).toBe(true);
    expect(setup.autoRefreshPeriod).toBe(8000);
    expect(setup.setAutoRefreshPeriod(499)).toBe(false);
    expect(useSetupStore.getState().autoRefreshPeriod).toBe(8000);
    expect(setup.setAutoRefreshPeriod(500)).toBe(true);
    expect(useSetupStore.getState().autoRefreshPeriod).toBe(500);
  });

  it('persists send-on-Enter in localStorage', () => {
    useSetupStore.getState().setSendOnEnter(false);
    expect(JSON.parse(localStorage.getItem('panel.setup')!).state.sendOnEnter).toBe(false);
  });
});
