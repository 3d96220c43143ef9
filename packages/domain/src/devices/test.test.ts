import { describe, expect, it } from 'vitest';
import { texts } from '../locale/texts';
import {
  evaluateAppVersion,
  evaluateBattery,
  evaluateClock,
  evaluateDeviceTest,
  evaluateGps,
  evaluateMobileData,
  evaluatePrecision,
  evaluateStatus,
  evaluateStorage,
  evaluateWifi,
  overallStatus,
  parseTestResult,
} from './test';
import type { DeviceTestParameters } from './schema';

const GOOD: DeviceTestParameters = {
  device: 'Samsung Galaxy XCover 6 Pro',
  app_version: '3.14.2',
  expect_app_version: '3.14.2',
  mobile_data_enabled: true,
  wifi_enabled: false,
  gps_enabled: true,
  location_high_precision: true,
  battery: 80,
  device_to_server_time_diff: 350,
  storage_fill: 30,
};

describe('device test hints and thresholds (001 §8, §9)', () => {
  it('status 0: error "Přepněte Terezu do aktivního režimu"; 1 ok', () => {
    expect(evaluateStatus(0)).toMatchObject({ status: 'error', hint: 'Přepněte Terezu do aktivního režimu' });
    expect(evaluateStatus(1)).toMatchObject({ status: 'ok', hint: null });
  });

  it('app version differs: "Proveďte aktualizaci aplikace (current -> expected)"', () => {
    expect(evaluateAppVersion('3.13.0', '3.14.2')).toEqual({
      parameter: 'app_version',
      value: '3.13.0',
      status: 'error',
      hint: 'Proveďte aktualizaci aplikace (3.13.0 -> 3.14.2)',
    });
    expect(evaluateAppVersion('3.14.2', '3.14.2').status).toBe('ok');
    expect(evaluateAppVersion(null, '3.14.2')).toMatchObject({ status: 'unknown', hint: 'nezjištěno' });
  });

  it('mobile data off: error "Zapněte mobilní data"', () => {
    expect(evaluateMobileData(false)).toMatchObject({ status: 'error', hint: 'Zapněte mobilní data' });
    expect(evaluateMobileData(true).status).toBe('ok');
  });

  it('WiFi on: error "Vypněte modul WIFI"', () => {
    expect(evaluateWifi(true)).toMatchObject({ status: 'error', hint: 'Vypněte modul WIFI' });
    expect(evaluateWifi(false).status).toBe('ok');
  });

  it('GPS off: warning "Zapněte modul sledování polohy"', () => {
    expect(evaluateGps(false)).toMatchObject({ status: 'warning', hint: 'Zapněte modul sledování polohy' });
    expect(evaluateGps(true).status).toBe('ok');
  });

  it('low precision: warning "Doporučujeme nastavit nejvyšší přesnost GPS"', () => {
    expect(evaluatePrecision(false)).toMatchObject({
      status: 'warning',
      hint: 'Doporučujeme nastavit nejvyšší přesnost GPS',
    });
    expect(evaluatePrecision(true).status).toBe('ok');
  });

  it('battery below 30: error "Nabijte baterii"', () => {
    expect(evaluateBattery(29)).toMatchObject({ status: 'error', hint: 'Nabijte baterii' });
    expect(evaluateBattery(0).status).toBe('error');
  });

  it('battery 30–49: warning "Nabijte baterii"', () => {
    expect(evaluateBattery(30)).toMatchObject({ status: 'warning', hint: 'Nabijte baterii' });
    expect(evaluateBattery(49)).toMatchObject({ status: 'warning', hint: 'Nabijte baterii' });
  });

  it('battery 50 and above: ok', () => {
    expect(evaluateBattery(50)).toMatchObject({ status: 'ok', hint: null });
  });

  it('clock difference above 120000 ms (either sign): error "Opravte nastavení hodin"', () => {
    expect(evaluateClock(120_001)).toMatchObject({ status: 'error', hint: 'Opravte nastavení hodin' });
    expect(evaluateClock(-120_001)).toMatchObject({ status: 'error', hint: 'Opravte nastavení hodin' });
    expect(evaluateClock(120_000).status).toBe('ok');
  });

  it('clock difference missing: warning "nezjištěno"', () => {
    expect(evaluateClock(null)).toMatchObject({ status: 'warning', hint: 'nezjištěno', value: null });
    expect(evaluateClock(undefined)).toMatchObject({ status: 'warning', hint: 'nezjištěno' });
  });

  it('storage above 85 %: error', () => {
    expect(evaluateStorage(86).status).toBe('error');
    expect(evaluateStorage(85).status).toBe('warning');
  });

  it('storage above 45 %: warning; 45 and below ok', () => {
    expect(evaluateStorage(46).status).toBe('warning');
    expect(evaluateStorage(45).status).toBe('ok');
  });

  it('the hints are the catalogue texts', () => {
    expect(evaluateWifi(true).hint).toBe(texts.devices.hints.wifi);
    expect(evaluateClock(null).hint).toBe(texts.devices.hints.unknown);
  });
});

describe('evaluateDeviceTest', () => {
  it('a good device is ok with every parameter as a row', () => {
    const r = evaluateDeviceTest({ status: 1, testResult: GOOD });
    expect(r.status).toBe('ok');
    expect(r.rows.map((x) => x.parameter)).toEqual([
      'status',
      'device',
      'app_version',
      'expect_app_version',
      'mobile_data_enabled',
      'wifi_enabled',
      'gps_enabled',
      'location_high_precision',
      'battery',
      'device_to_server_time_diff',
      'storage_fill',
    ]);
  });

  it('a warning without errors makes it a warning; an error wins', () => {
    expect(evaluateDeviceTest({ testResult: { ...GOOD, battery: 40 } }).status).toBe('warning');
    expect(evaluateDeviceTest({ testResult: { ...GOOD, battery: 40, wifi_enabled: true } }).status).toBe('error');
    expect(evaluateDeviceTest({ status: 0, testResult: GOOD }).status).toBe('error');
  });

  it('a missing clock difference alone gives a warning', () => {
    const { device_to_server_time_diff: _, ...rest } = GOOD;
    expect(evaluateDeviceTest({ testResult: rest }).status).toBe('warning');
  });

  it('reads the JSON text of Device.testResult; never tested is unknown', () => {
    expect(evaluateDeviceTest({ testResult: JSON.stringify({ ...GOOD, storage_fill: 97 }) }).status).toBe('error');
    expect(evaluateDeviceTest({ testResult: null })).toEqual({ status: 'unknown', rows: [] });
    expect(evaluateDeviceTest({ testResult: 'not json' }).status).toBe('unknown');
  });

  it('overallStatus ignores unknown rows unless nothing is known', () => {
    expect(overallStatus([evaluateBattery(null), evaluateWifi(false)])).toBe('ok');
    expect(overallStatus([evaluateBattery(null)])).toBe('unknown');
  });

  it('parseTestResult accepts only objects', () => {
    expect(parseTestResult('[1]')).toBeNull();
    expect(parseTestResult('{"battery": 5}')).toEqual({ battery: 5 });
  });
});
