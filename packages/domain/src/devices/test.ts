/**
 * Device self-test evaluation (001 §3 Test parameters, §8 device test hints, §9 device thresholds), pure: the
 * panel's device overview and detail and the server use the same rows.
 *
 * Readings where the spec is open:
 * - Conditions the spec does not mark as warnings (inactive mode, app version, mobile data, WiFi, clock, battery
 *   below 30, storage above 85 %) are errors; GPS off, low precision, battery 30–49 and storage above 45 % are
 *   warnings. A missing clock difference is a warning 'nezjištěno' (spec); any other missing parameter is
 *   'unknown' with the hint 'nezjištěno' and does not change the overall status.
 * - Overall: 'error' if any row is an error, else 'warning' if any is a warning, else 'ok'; 'unknown' when there
 *   is no test result at all (or every row is unknown).
 * - Storage has no hint text in the spec: its rows carry `hint: null`.
 */
import { DEVICE_THRESHOLDS } from '../constants';
import { deviceOverviewTexts } from './texts';
import type {
  DeviceTestEvaluation,
  DeviceTestParameter,
  DeviceTestParameters,
  DeviceTestRow,
  DeviceTestStatus,
} from './schema';

const hints = deviceOverviewTexts.hints;

const row = (
  parameter: DeviceTestParameter,
  value: DeviceTestRow['value'],
  status: DeviceTestStatus,
  hint: string | null = null,
): DeviceTestRow => ({ parameter, value, status, hint });

const missing = (v: unknown): v is null | undefined => v === null || v === undefined;
const unknownRow = (parameter: DeviceTestParameter) => row(parameter, null, 'unknown', hints.unknown);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Device mode (Device.status): 0 = inactive → 'Přepněte Terezu do aktivního režimu'. */
export function evaluateStatus(status: number | null | undefined): DeviceTestRow {
  if (missing(status)) return unknownRow('status');
  return status === 0 ? row('status', status, 'error', hints.inactive) : row('status', status, 'ok');
}

/** App version against the expected one: differs → 'Proveďte aktualizaci aplikace (current -> expected)'. */
export function evaluateAppVersion(current: string | null | undefined, expected: string | null | undefined) {
  if (missing(current) || current === '') return unknownRow('app_version');
  if (missing(expected) || expected === '') return row('app_version', current, 'unknown', hints.unknown);
  return current.trim() === expected.trim()
    ? row('app_version', current, 'ok')
    : row('app_version', current, 'error', hints.updateAppVersions(current, expected));
}

/** A switch whose wrong position gives `hint` at `level`. */
function evaluateSwitch(
  parameter: DeviceTestParameter,
  value: boolean | null | undefined,
  wanted: boolean,
  level: 'warning' | 'error',
  hint: string,
): DeviceTestRow {
  if (typeof value !== 'boolean') return unknownRow(parameter);
  return value === wanted ? row(parameter, value, 'ok') : row(parameter, value, level, hint);
}

export const evaluateMobileData = (v: boolean | null | undefined) =>
  evaluateSwitch('mobile_data_enabled', v, true, 'error', hints.mobileData);
export const evaluateWifi = (v: boolean | null | undefined) =>
  evaluateSwitch('wifi_enabled', v, false, 'error', hints.wifi);
export const evaluateGps = (v: boolean | null | undefined) =>
  evaluateSwitch('gps_enabled', v, true, 'warning', hints.gps);
export const evaluatePrecision = (v: boolean | null | undefined) =>
  evaluateSwitch('location_high_precision', v, true, 'warning', hints.gpsPrecision);

/** Battery %: below 30 error, 30–49 warning, both 'Nabijte baterii'. */
export function evaluateBattery(v: number | null | undefined): DeviceTestRow {
  if (!isNumber(v)) return unknownRow('battery');
  if (v < DEVICE_THRESHOLDS.batteryError) return row('battery', v, 'error', hints.battery);
  if (v < DEVICE_THRESHOLDS.batteryWarning) return row('battery', v, 'warning', hints.battery);
  return row('battery', v, 'ok');
}

/** Clock difference (ms, either sign): above 120000 error 'Opravte nastavení hodin'; missing warning 'nezjištěno'. */
export function evaluateClock(v: number | null | undefined): DeviceTestRow {
  if (!isNumber(v)) return row('device_to_server_time_diff', null, 'warning', hints.unknown);
  if (Math.abs(v) > DEVICE_THRESHOLDS.clockDiffError) {
    return row('device_to_server_time_diff', v, 'error', hints.clock);
  }
  return row('device_to_server_time_diff', v, 'ok');
}

/** Storage fill %: above 85 error, above 45 warning (no hint text in the spec). */
export function evaluateStorage(v: number | null | undefined): DeviceTestRow {
  if (!isNumber(v)) return unknownRow('storage_fill');
  if (v > DEVICE_THRESHOLDS.storageError) return row('storage_fill', v, 'error');
  if (v > DEVICE_THRESHOLDS.storageWarning) return row('storage_fill', v, 'warning');
  return row('storage_fill', v, 'ok');
}

const RANK: Record<DeviceTestStatus, number> = { unknown: 0, ok: 1, warning: 2, error: 3 };

/** The worst status of the rows ('unknown' rows count only when nothing else is known). */
export function overallStatus(rows: DeviceTestRow[]): DeviceTestStatus {
  return rows.reduce<DeviceTestStatus>((worst, r) => (RANK[r.status] > RANK[worst] ? r.status : worst), 'unknown');
}

/**
 * Rows for a device: its mode (`status`, Device.status) and the reported parameters (an object, the JSON text of
 * `Device.testResult`, or null when never tested → overall 'unknown' with only the status row, if given).
 */
export function evaluateDeviceTest(input: {
  status?: number | null;
  testResult: DeviceTestParameters | string | null | undefined;
}): DeviceTestEvaluation {
  const p = typeof input.testResult === 'string' ? parseTestResult(input.testResult) : (input.testResult ?? null);
  const rows: DeviceTestRow[] = [];
  if (!missing(input.status)) rows.push(evaluateStatus(input.status));
  if (!p) return { status: rows.some((r) => r.status === 'error') ? 'error' : 'unknown', rows };
  rows.push(
    missing(p.device) || p.device === '' ? unknownRow('device') : row('device', p.device, 'ok'),
    evaluateAppVersion(p.app_version, p.expect_app_version),
    row('expect_app_version', p.expect_app_version ?? null, missing(p.expect_app_version) ? 'unknown' : 'ok'),
    evaluateMobileData(p.mobile_data_enabled),
    evaluateWifi(p.wifi_enabled),
    evaluateGps(p.gps_enabled),
    evaluatePrecision(p.location_high_precision),
    evaluateBattery(p.battery),
    evaluateClock(p.device_to_server_time_diff),
    evaluateStorage(p.storage_fill),
  );
  return { status: overallStatus(rows), rows };
}

/** `Device.testResult` JSON text → parameters; null for null, junk or a non-object. */
export function parseTestResult(text: string | null | undefined): DeviceTestParameters | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as DeviceTestParameters) : null;
  } catch {
    return null;
  }
}
