/** 001 §9 tab return delay 300 ms: the read mark on leaving a chat tab waits for it; coming back cancels it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_RETURN_DELAY } from '@panel/domain/constants';
import { cancelLeaveRead, scheduleLeaveRead } from './leaveRead';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('read mark on leaving a chat tab', () => {
  it('is sent TAB_RETURN_DELAY (300 ms) after leaving, once', () => {
    expect(TAB_RETURN_DELAY).toBe(300);
    const mark = vi.fn();
    scheduleLeaveRead(1, 2, mark);
    vi.advanceTimersByTime(TAB_RETURN_DELAY - 1);
    expect(mark).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(mark).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * TAB_RETURN_DELAY);
    expect(mark).toHaveBeenCalledTimes(1);
  });

  it('coming back to the same conversation within the delay cancels it; another conversation does not', () => {
    const mark = vi.fn();
    const other = vi.fn();
    scheduleLeaveRead(1, 2, mark);
    scheduleLeaveRead(1, 1, other);
    vi.advanceTimersByTime(100);
    cancelLeaveRead(1, 2);
    vi.advanceTimersByTime(TAB_RETURN_DELAY);
    expect(mark).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('leaving twice in a row marks once, the delay counted from the last leave', () => {
    const mark = vi.fn();
    scheduleLeaveRead(3, 1, mark);
    vi.advanceTimersByTime(200);
    scheduleLeaveRead(3, 1, mark);
    vi.advanceTimersByTime(200);
    expect(mark).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(mark).toHaveBeenCalledTimes(1);
  });
});
