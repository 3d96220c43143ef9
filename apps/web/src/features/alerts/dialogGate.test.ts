import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRadioRecording } from '../messages/capture/radioActivity';
import { TYPING_QUIET_MS, holdOf, requestAlertDialog, startDialogGate, useAlertDialogHold } from './dialogGate';
import { useNotificationStore } from './notificationQueue';

describe('holdOf', () => {
  it('a recording holds; typing holds until a pause of TYPING_QUIET_MS; a field merely focused does not', () => {
    const at = { recording: false, editableFocused: true, typedAt: 1_000 };
    expect(holdOf({ ...at, recording: true, now: 99_000 })).toBe('radio');
    expect(holdOf({ ...at, now: 1_000 + TYPING_QUIET_MS - 1 })).toBe('typing');
    expect(holdOf({ ...at, now: 1_000 + TYPING_QUIET_MS })).toBeNull();
    expect(holdOf({ ...at, editableFocused: false, now: 1_001 })).toBeNull();
  });
});

describe('the alert dialog waits for the radio and the typing', () => {
  let stop: () => void;
  let input: HTMLTextAreaElement;

  beforeEach(() => {
    vi.useFakeTimers();
    useNotificationStore.setState({ items: [], dialogOpen: false });
    // an alert is in the queue (the dialog shows the queue's dialog items)
    useNotificationStore.getState().push({ type: 'event', title: 'KOPIS', key: 'event:a', method: 'dialog' });
    stop = startDialogGate(() => Date.now());
    input = document.createElement('textarea');
    document.body.append(input);
  });
  afterEach(() => {
    stop();
    setRadioRecording(false);
    input.remove();
    useNotificationStore.setState({ items: [], dialogOpen: false });
    vi.useRealTimers();
  });

  it('opens at once when nothing holds it', () => {
    requestAlertDialog();
    expect(useNotificationStore.getState().dialogOpen).toBe(true);
    expect(useAlertDialogHold.getState().waiting).toBeNull();
  });

  it('opens when the push-to-talk recording ends, not in the middle of it', () => {
    setRadioRecording(true);
    requestAlertDialog();
    expect(useNotificationStore.getState().dialogOpen).toBe(false);
    expect(useAlertDialogHold.getState().waiting).toBe('radio');
    vi.advanceTimersByTime(30_000); // however long it takes
    expect(useNotificationStore.getState().dialogOpen).toBe(false);
    setRadioRecording(false);
    expect(useNotificationStore.getState().dialogOpen).toBe(true);
    expect(useAlertDialogHold.getState().waiting).toBeNull();
  });

  it('waits while the user types, opens after a pause; Ctrl+Space is not typing', () => {
    input.focus();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    requestAlertDialog();
    expect(useAlertDialogHold.getState().waiting).toBe('typing');
    // still typing a second later: the pause starts again
    vi.advanceTimersByTime(1_000);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', bubbles: true }));
    vi.advanceTimersByTime(TYPING_QUIET_MS - 100);
    expect(useNotificationStore.getState().dialogOpen).toBe(false);
    vi.advanceTimersByTime(200);
    expect(useNotificationStore.getState().dialogOpen).toBe(true);
    expect(document.activeElement).toBe(input);

    // the radio key in the field does not count as typing
    useNotificationStore.setState({ dialogOpen: false });
    vi.advanceTimersByTime(TYPING_QUIET_MS);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', ctrlKey: true, bubbles: true }));
    requestAlertDialog();
    expect(useNotificationStore.getState().dialogOpen).toBe(true);
  });

  it('opens as soon as the focus leaves the field', () => {
    input.focus();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    requestAlertDialog();
    expect(useNotificationStore.getState().dialogOpen).toBe(false);
    input.blur();
    vi.advanceTimersByTime(1);
    expect(useNotificationStore.getState().dialogOpen).toBe(true);
  });
});
