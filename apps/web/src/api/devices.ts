/**
 * Device calls (001 §7, docs/API.md "Devices, sounds, speech and logs"): the unit's devices, one device with its
 * evaluated test, and the test request (one device or a list).
 */
import type { DeviceTestEvaluation, DeviceTestStatus } from '@panel/domain/devices';
import type { Device } from '@panel/domain/sync';
import { api } from './client';

/** A device of the list: the bundle's Device, plus the server's overall test status (absent in the bundle). */
export type DeviceRow = Device & { testStatus?: DeviceTestStatus };

/** GET /v2/devices/{id}: the Device with its evaluated test. */
export type DeviceDetail = DeviceRow & {
  test?: DeviceTestEvaluation;
  testRequestedAt?: string | null;
  /** vehicle/resource type name when the server gives it */
  type?: string | null;
};

export interface RequestTestAnswer {
  result: boolean;
  message?: string;
  devices?: number[];
}

/** The server accepts at most 100 ids per request. */
export const REQUEST_TEST_MAX_IDS = 100;

export const devicesApi = {
  list: (baseId: number, signal?: AbortSignal) =>
    api.get<DeviceRow[]>(`/v2/devices?baseId=${encodeURIComponent(baseId)}`, { signal }),
  get: (id: number, signal?: AbortSignal) => api.get<DeviceDetail>(`/v2/devices/${encodeURIComponent(id)}`, { signal }),
  requestTest: (id: number) => api.put<RequestTestAnswer>('/v2/devices/request-test', { id }),
  /** Requests a test of every device in `ids` (in chunks of 100); the last answer is returned. */
  requestTests: async (ids: number[]): Promise<RequestTestAnswer> => {
    let last: RequestTestAnswer = { result: true, devices: [] };
    for (let i = 0; i < ids.length; i += REQUEST_TEST_MAX_IDS) {
      last = await api.put<RequestTestAnswer>('/v2/devices/request-test', {
        ids: ids.slice(i, i + REQUEST_TEST_MAX_IDS),
      });
    }
    return last;
  },
};
