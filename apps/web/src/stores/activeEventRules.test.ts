import { beforeEach, describe, expect, it } from 'vitest';
import { makeEvent } from '../test/factories';
import { resetStores } from '../test/utils';
import { useEntitiesStore } from './entitiesStore';
import { useUiStore } from './uiStore';

describe('active event rules (000 §4)', () => {
  beforeEach(() => {
    resetStores();
    useEntitiesStore.getState().applyBundle({ resetData: true, events: [makeEvent(1), makeEvent(2, { parentId: 1 })] });
  });

  it('an active event arriving inactive is dropped and deselected', () => {
    useUiStore.getState().setActiveEvent('uuid-1');
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(1, { eventStateId: 5 })] });
    expect(useEntitiesStore.getState().events[1]).toBeUndefined();
    expect(useUiStore.getState().activeEventUuid).toBeNull();
  });

  it('its active parent becomes active', () => {
    useUiStore.getState().setActiveEvent('uuid-2');
    useEntitiesStore.getState().upsertEvent(makeEvent(2, { parentId: 1, eventStateId: 4 }));
    expect(useUiStore.getState().activeEventUuid).toBe('uuid-1');
  });

  it('linking the active event makes its new parent active (the copy before had no parent)', () => {
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(3)] });
    useUiStore.getState().setActiveEvent('uuid-3');
    // the link call's answer: state 4, parentId = the target
    useEntitiesStore.getState().upsertEvent(makeEvent(3, { parentId: 1, eventStateId: 4 }));
    expect(useEntitiesStore.getState().events[3]).toBeUndefined();
    expect(useUiStore.getState().activeEventUuid).toBe('uuid-1');
  });

  it('the same when the link arrives by a delta (another dispatcher linked it)', () => {
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(3)] });
    useUiStore.getState().setActiveEvent('uuid-3');
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(3, { parentId: 1, eventStateId: 4 })] });
    expect(useUiStore.getState().activeEventUuid).toBe('uuid-1');
  });

  it('no event is active when the parent is not active', () => {
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(1, { eventStateId: 6 })] });
    useUiStore.getState().setActiveEvent('uuid-2');
    useEntitiesStore.getState().applyBundle({ removed: { events: [2] } } as never);
    expect(useUiStore.getState().activeEventUuid).toBeNull();
  });

  it('leaves a local event and other events alone', () => {
    const local = useUiStore.getState().createLocalEvent();
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(1, { eventStateId: 5 })] });
    expect(useUiStore.getState().activeEventUuid).toBe(local.uuid);
  });
});
