/**
 * Device calls (001 §7, docs/API.md "Devices, sounds, speech and logs"): the unit's devices, one device with its
 * evaluated test, and the test request (one device or a list). Answers and bodies are the domain's
 * (`@panel/domain/devices`), types only.
 */
import type {
  DeviceDetail,
  DeviceRow as ListedDevice,
  DeviceTestStatus,
  RequestTestAnswer,
  RequestTestBody,
} from '@panel/domain/devices';
import type { Device } from '@panel/domain/sync';
import { api } from './client';

export type { DeviceDetail, RequestTestAnswer } from '@panel/domain/devices';

/**
 * A device row of the dialog: the list's (with the server's overall test status) or the bundle's Device pushed
 * since (without one until the list is read again).
 */
export type DeviceRow = Device & { testStatus?: DeviceTestStatus };

/** The server accepts at most 100 ids per request. */
export const REQUEST_TEST_MAX_IDS = 100;

const requestTest = (body: RequestTestBody) => api.put<RequestTestAnswer>('/v2/devices/request-test', body);

export const devicesApi = {
  list: (baseId: number, signal?: AbortSignal) =>
    api.get<ListedDevice[]>(`/v2/devices?baseId=${encodeURIComponent(baseId)}`, { signal }),
  get: (id: number, signal?: AbortSignal) => api.get<DeviceDetail>(`/v2/devices/${encodeURIComponent(id)}`, { signal }),
  requestTest: (id: number) => requestTest({ id }),
  /** Requests a test of every device in `ids` (in chunks of 100); the last answer is returned. */
  requestTests: async (ids: number[]): Promise<RequestTestAnswer> => {
    let last: RequestTestAnswer = { result: true, message: '', devices: [] };
    for (let i = 0; i < ids.length; i += REQUEST_TEST_MAX_IDS) {
      last = await requestTest({ ids: ids.slice(i, i + REQUEST_TEST_MAX_IDS) });
    }
    return last;
  },
};
