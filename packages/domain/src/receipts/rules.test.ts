import { describe, expect, it } from 'vitest';
import { isMissed, mayViewDeviceReceipts, MISSED_AFTER_SECONDS, tickState, withinReportWindow } from './rules';
import { receiptTexts } from './texts';

describe('receipt rules', () => {
  const at = new Date('2026-11-28T10:00:00Z');
  const later = (s: number) => new Date(at.getTime() + s * 1000);

  it('marks a delivery missed only after the limit', () => {
    expect(MISSED_AFTER_SECONDS).toBe(60);
    expect(isMissed(at, null, later(59))).toBe(false);
    expect(isMissed(at, null, later(61))).toBe(true);
    expect(isMissed(at, later(30), later(600))).toBe(false);
    expect(isMissed(at, later(90), later(600))).toBe(true);
  });

  it('shows sent, delivered to all and read ticks', () => {
    expect(tickState(null)).toBe('sent');
    expect(tickState({ expected: 3, delivered: 2, shown: 2, read: 0 })).toBe('sent');
    expect(tickState({ expected: 3, delivered: 3, shown: 1, read: 0 })).toBe('delivered');
    expect(tickState({ expected: 0, delivered: 0, shown: 0, read: 0 })).toBe('sent');
    expect(tickState({ expected: 3, delivered: 1, shown: 1, read: 1 })).toBe('read');
  });

  it('lets a unit see every device for what it sent and its own devices otherwise; central all', () => {
    const device = { baseId: 5 };
    expect(mayViewDeviceReceipts({ baseId: 2 }, { senderBaseId: 7 }, device)).toBe(true);
    expect(mayViewDeviceReceipts({ baseId: 7 }, { senderBaseId: 7 }, device)).toBe(true);
    expect(mayViewDeviceReceipts({ baseId: 5 }, { senderBaseId: 7 }, device)).toBe(true);
    expect(mayViewDeviceReceipts({ baseId: 6 }, { senderBaseId: 7 }, device)).toBe(false);
    expect(mayViewDeviceReceipts({ baseId: null }, { senderBaseId: null }, device)).toBe(false);
  });

  it('reports deliveries of the last hour only', () => {
    expect(withinReportWindow(new Date(at.getTime() - 3599_000), at)).toBe(true);
    expect(withinReportWindow(new Date(at.getTime() - 3601_000), at)).toBe(false);
    expect(withinReportWindow(null, at)).toBe(false);
  });

  it('says the alert line in Czech', () => {
    expect(receiptTexts.alertDelivered(2, 3, 'PHA')).toBe('doručeno 2/3 zařízení PHA');
    expect(receiptTexts.acceptedBy('Jan Novák')).toBe('přijato: Jan Novák');
  });
});
