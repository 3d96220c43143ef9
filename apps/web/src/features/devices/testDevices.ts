/** Fixtures of the device tests. */
import type { Base, Device } from '@panel/domain/sync';
import { demoLogin } from '../../test/utils';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';

export const GOOD_RESULT = {
  device: 'Samsung Galaxy XCover 6 Pro',
  app_version: '3.14.2',
  expect_app_version: '3.14.2',
  mobile_data_enabled: true,
  wifi_enabled: false,
  gps_enabled: true,
  location_high_precision: true,
  battery: 80,
  device_to_server_time_diff: 300,
  storage_fill: 30,
};

export function makeDevice(id: number, code: string, patch: Partial<Device> = {}): Device {
  return {
    id,
    code,
    name: `Zařízení ${code}`,
    baseId: 3,
    userId: null,
    resourceName: null,
    number: null,
    status: 1,
    ownership: 'corporate',
    connectedAt: null,
    testedAt: null,
    testResult: JSON.stringify(GOOD_RESULT),
    locationLongitude: null,
    locationLatitude: null,
    ...patch,
  };
}

export const bases: Base[] = [
  { id: 2, uid: 'b2', code: 'COIS', name: 'Centrální dispečink', baseCategoryId: 1, longitude: null, latitude: null },
  { id: 3, uid: 'b3', code: 'PHA', name: 'HZS Praha', baseCategoryId: 1, longitude: null, latitude: null },
  { id: 5, uid: 'b5', code: 'BRN', name: 'HZS Brno', baseCategoryId: 1, longitude: null, latitude: null },
];

/** Logs in as a user of `baseId` with a confirmed device and puts the bundle in. */
export function loginWithBundle(options: { baseId?: number; permissions?: string[]; devices?: Device[] } = {}) {
  const auth = useAuthStore.getState();
  auth.login({ ...demoLogin, user: { ...demoLogin.user, baseId: options.baseId ?? 3 } });
  useAuthStore.getState().setDevice({ id: 11, name: 'Pracoviště 1', code: 'X001' });
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    uid: '1.1',
    bases,
    devices: options.devices ?? [],
    userPermissions: options.permissions ?? [],
  });
}
