import { describe, it, expect } from 'vitest';
import * as c from './index';

describe('business constants (000 §9, 001 §9)', () => {
  it('refresh and timing', () => {
    expect([c.AUTO_REFRESH_PERIOD, c.AUTO_REFRESH_MIN, c.STALE_PERIODS, c.FETCH_RESET_TICKS]).toEqual([
      8000, 500, 5, 4,
    ]);
    expect([c.CLICK_DELAY, c.SEARCH_DEBOUNCE, c.VERSION_CHECK_PERIOD, c.TOAST_TIMEOUT]).toEqual([
      200, 300, 60000, 3000,
    ]);
    expect(c.SESSION_DAYS).toBe(3);
  });
  it('event states', () => {
    expect(c.INACTIVE_STATES).toEqual([3, 4, 5, 6, 7]);
    expect(c.CLOSED_STATES).toEqual([3, 4, 5, 7]);
    expect(c.DELETED_STATE).toBe(6);
    expect(c.NEW_EVENT_DEFAULTS).toEqual({
      eventStateId: 1,
      eventStatusId: 2,
      eventTypeId: 2,
      eventSourceId: 2,
      eventTerrainId: 1,
      eventCategoryId: 5,
    });
  });
  it('limits', () => {
    expect([c.SMS_MAX, c.PHONE_LENGTH, c.PASSWORD_MIN, c.PHOTO_MAX_SIZE]).toEqual([155, 9, 8, 1900]);
    expect([c.ATTACHMENT_LIMIT_MB, c.ATTACHMENT_LIMIT_DEBUG_MB]).toEqual([5, 10]);
    expect([c.RADIO_MIN_SECONDS, c.RADIO_MAX_SECONDS]).toEqual([0.5, 60]);
    expect([c.NEARBY_RADIUS, c.MERGE_RADIUS, c.CENTRAL_BASE_ID]).toEqual([2500, 15, 2]);
    expect(c.COORDINATE_BOUNDS).toEqual({
      minLatitude: 48.5518083,
      maxLatitude: 52.90609,
      minLongitude: 12.09059,
      maxLongitude: 22.558014,
    });
    expect(c.DEVICE_THRESHOLDS).toEqual({
      batteryWarning: 50,
      batteryError: 30,
      clockDiffError: 120000,
      storageWarning: 45,
      storageError: 85,
    });
  });
});
