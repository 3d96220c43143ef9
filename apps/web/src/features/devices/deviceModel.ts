/**
 * Pure rules of the device overview (001 §2, §4, §6, §9): the table a device belongs to (code prefix and
 * ownership), the last-contact text, the overall test status of a row, which rows open the detail, and which
 * units the user may choose.
 */
import { evaluateDeviceTest, type DeviceTestStatus, canChooseAnyUnit } from '@panel/domain/devices';
import { formatLastContact } from '@panel/domain/locale';
import type { AppAbility } from '@panel/domain/auth';
import { DEVICE_CODE_PREFIXES } from '@panel/domain/constants';
import type { Base, Device } from '@panel/domain/sync';
import type { DeviceRow } from '../../api/devices';

export type DeviceKind = 'phone' | 'tablet' | 'navigation' | 'drone' | 'other';
export type DeviceTable = DeviceKind | 'private';

/** Table order of the overview. */
export const DEVICE_TABLES: readonly DeviceTable[] = ['phone', 'tablet', 'navigation', 'drone', 'other', 'private'];

/** The kind by code prefix: DC drone, M phone, T tablet, N navigation; X and anything else 'other'. */
export function deviceKind(code: string | null | undefined): DeviceKind {
  const c = (code ?? '').trim().toUpperCase();
  if (c.startsWith(DEVICE_CODE_PREFIXES.drone)) return 'drone';
  if (c.startsWith(DEVICE_CODE_PREFIXES.phone)) return 'phone';
  if (c.startsWith(DEVICE_CODE_PREFIXES.tablet)) return 'tablet';
  if (c.startsWith(DEVICE_CODE_PREFIXES.navigation)) return 'navigation';
  return 'other';
}

/** Private devices go to 'Soukromá zařízení' whatever their code; corporate ones by their prefix. */
export function deviceTable(device: Pick<Device, 'code' | 'ownership'>): DeviceTable {
  return device.ownership === 'private' ? 'private' : deviceKind(device.code);
}

/** Devices split into the overview's tables, each sorted by code. */
export function groupDevices<T extends Pick<Device, 'code' | 'ownership'>>(devices: T[]): Record<DeviceTable, T[]> {
  const groups: Record<DeviceTable, T[]> = {
    phone: [],
    tablet: [],
    navigation: [],
    drone: [],
    other: [],
    private: [],
  };
  for (const d of devices) groups[deviceTable(d)].push(d);
  for (const key of DEVICE_TABLES) groups[key].sort((a, b) => a.code.localeCompare(b.code, 'cs'));
  return groups;
}

/** Drones are not tested (001 §2: 'Dron zažízení' has no test column). */
export const isTestable = (device: Pick<Device, 'code'>): boolean => deviceKind(device.code) !== 'drone';

/** 'Poslední spojení': connectedAt (epoch seconds) as 'HH:mm:ss' today, else 'DD.MM.YYYY'; '-' when none. */
export function lastContact(connectedAt: number | null | undefined, now: Date | number = Date.now()): string {
  if (connectedAt === null || connectedAt === undefined || !Number.isFinite(connectedAt) || connectedAt <= 0) {
    return '-';
  }
  return formatLastContact(connectedAt * 1000, now);
}

/** The overall result of the last test: the server's `testStatus` of the list, else the domain evaluation. */
export function testStatusOf(device: Pick<DeviceRow, 'status' | 'testResult' | 'testStatus'>): DeviceTestStatus {
  return device.testStatus ?? evaluateDeviceTest({ status: device.status, testResult: device.testResult }).status;
}

/** 001 §4: the detail opens only when the row has a test result (its status is not 'unknown'). */
export function canOpenDetail(device: Pick<DeviceRow, 'code' | 'status' | 'testResult' | 'testStatus'>): boolean {
  return isTestable(device) && testStatusOf(device) !== 'unknown';
}

/** Ids of the unit's corporate devices that take a test ('Otestovat služební zařízení'). */
export function corporateTestIds(devices: Pick<Device, 'id' | 'code' | 'ownership'>[]): number[] {
  return devices.filter((d) => d.ownership !== 'private' && isTestable(d)).map((d) => d.id);
}

/**
 * Units of the selector (001 §6): any unit with `device.all` and the central base, otherwise the own unit only.
 */
export function selectableUnits(
  ability: AppAbility,
  user: { baseId: number | null } | null,
  bases: Base[],
): { units: Base[]; anyUnit: boolean } {
  const anyUnit = !!user && canChooseAnyUnit(ability, user);
  const sorted = [...bases].sort((a, b) => a.name.localeCompare(b.name, 'cs'));
  if (anyUnit) return { units: sorted, anyUnit };
  return { units: sorted.filter((b) => b.id === user?.baseId), anyUnit };
}

/** CSS class of a row by its test status (001 §4: row class from the list result). */
export const rowClass = (status: DeviceTestStatus): string => `device-test-${status}`;

/** Theme colour of a test status. */
export const statusColor = (status: DeviceTestStatus): string =>
  status === 'ok'
    ? 'success.main'
    : status === 'warning'
      ? 'warning.main'
      : status === 'error'
        ? 'error.main'
        : 'text.secondary';
