/**
 * Auto-centre comes on again 0.5 s after the map mounts, except while the map shows a track the user asked for
 * for the active event (on a phone the map mounts for exactly that, in the event's 'Mapa' tab).
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../test/factories';
import { resetStores } from '../../test/utils';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { useMapStore } from './mapStore';
import { renderWithMap } from './testMap';
import { AUTO_CENTER_REARM_MS, useAutoCenterWatch } from './useAutoCenterWatch';

function Watch() {
  useAutoCenterWatch();
  return null;
}

const event = makeEvent(7, { code: 'PHA-1' });
const track = (eventId: number) => ({
  jobId: 5,
  eventId,
  points: [[14.4, 50.1]] as [number, number][],
  color: '#ef6c00',
  fitted: true,
});

beforeEach(() => {
  vi.useFakeTimers();
  resetStores();
  useEntitiesStore.getState().applyBundle({ resetData: true, events: [event] });
  act(() => useUiStore.getState().setActiveEvent(event.uuid));
});
afterEach(() => vi.useRealTimers());

describe('useAutoCenterWatch', () => {
  it('re-arms auto-centre after the mount', () => {
    useMapStore.setState({ autoCenter: false, focusedTrack: null });
    renderWithMap(<Watch />);
    act(() => {
      vi.advanceTimersByTime(AUTO_CENTER_REARM_MS + 10);
    });
    expect(useMapStore.getState().autoCenter).toBe(true);
  });

  it('not while a track of the active event is shown; a track of another event does not count', () => {
    useMapStore.setState({ autoCenter: false, focusedTrack: track(7) });
    const { unmount } = renderWithMap(<Watch />);
    act(() => {
      vi.advanceTimersByTime(AUTO_CENTER_REARM_MS + 10);
    });
    expect(useMapStore.getState().autoCenter).toBe(false);
    unmount();

    useMapStore.setState({ autoCenter: false, focusedTrack: track(8) });
    renderWithMap(<Watch />);
    act(() => {
      vi.advanceTimersByTime(AUTO_CENTER_REARM_MS + 10);
    });
    expect(useMapStore.getState().autoCenter).toBe(true);
  });
});
