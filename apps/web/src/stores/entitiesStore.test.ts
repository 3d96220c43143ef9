import { beforeEach, describe, expect, it } from 'vitest';
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
