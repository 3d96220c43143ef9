import { describe, expect, it } from 'vitest';
import { buildAbility } from '@panel/domain/auth';
import {
  canOpenDetail,
  corporateTestIds,
  deviceKind,
  deviceTable,
  groupDevices,
  lastContact,
  selectableUnits,
  testStatusOf,
} from './deviceModel';
import { bases, makeDevice } from './testDevices';

const ability = (baseId: number, permissions: string[] = []) =>
  buildAbility({ user: { id: 1, baseId, roles: [], groups: [] }, permissions, activeEvent: null, eventRoles: [] });

describe('deviceModel', () => {
  it('kind by code prefix: DC before anything else, X and the rest other', () => {
    expect(deviceKind('M-PHA-01')).toBe('phone');
    expect(deviceKind('T-1')).toBe('tablet');
    expect(deviceKind('N-1')).toBe('navigation');
    expect(deviceKind('DC-1')).toBe('drone');
    expect(deviceKind('X-1')).toBe('other');
    expect(deviceKind('D-1')).toBe('other');
    expect(deviceKind('')).toBe('other');
    expect(deviceTable({ code: 'T-1', ownership: 'private' })).toBe('private');
  });

  it('groups sorted by code', () => {
    const g = groupDevices([makeDevice(2, 'M-2'), makeDevice(1, 'M-1'), makeDevice(3, 'X-1')]);
    expect(g.phone.map((d) => d.code)).toEqual(['M-1', 'M-2']);
    expect(g.other.map((d) => d.code)).toEqual(['X-1']);
  });

  it('last contact (epoch seconds): today HH:mm:ss, other day DD.MM.YYYY, none "-"', () => {
    const now = Date.parse('2026-07-01T10:00:00Z'); // 12:00 Prague (CEST)
    expect(lastContact(Date.parse('2026-07-01T06:05:09Z') / 1000, now)).toBe('08:05:09');
    expect(lastContact(Date.parse('2026-06-30T21:59:00Z') / 1000, now)).toBe('30.06.2026');
    // 22:30 UTC on 30 June is already 1 July in Prague
    expect(lastContact(Date.parse('2026-06-30T22:30:00Z') / 1000, now)).toBe('00:30:00');
    expect(lastContact(null, now)).toBe('-');
    expect(lastContact(0, now)).toBe('-');
  });

  it("status: the list's testStatus, else the domain evaluation; detail only with a result", () => {
    expect(testStatusOf({ ...makeDevice(1, 'M-1'), testStatus: 'warning' })).toBe('warning');
    expect(testStatusOf(makeDevice(1, 'M-1'))).toBe('ok');
    expect(testStatusOf(makeDevice(1, 'M-1', { testResult: null }))).toBe('unknown');
    expect(canOpenDetail(makeDevice(1, 'M-1'))).toBe(true);
    expect(canOpenDetail(makeDevice(1, 'M-1', { testResult: null }))).toBe(false);
    expect(canOpenDetail(makeDevice(1, 'DC-1'))).toBe(false);
  });

  it('test-all ids: corporate and testable only', () => {
    expect(
      corporateTestIds([
        makeDevice(1, 'M-1'),
        makeDevice(2, 'DC-1'),
        makeDevice(3, 'T-1', { ownership: 'private' }),
        makeDevice(4, 'X-1'),
      ]),
    ).toEqual([1, 4]);
  });

  it('unit selector: any unit only with device.all and the central base', () => {
    expect(selectableUnits(ability(2, ['device.all']), { baseId: 2 }, bases)).toMatchObject({ anyUnit: true });
    expect(selectableUnits(ability(2, ['device.all']), { baseId: 2 }, bases).units).toHaveLength(3);
    const own = selectableUnits(ability(3, ['device.all']), { baseId: 3 }, bases);
    expect(own.anyUnit).toBe(false);
    expect(own.units.map((u) => u.id)).toEqual([3]);
    expect(selectableUnits(ability(2), { baseId: 2 }, bases).units.map((u) => u.id)).toEqual([2]);
  });
});
