import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderUi, resetStores } from '../../test/utils';
import { DeviceDetailDialog, formatParameterValue } from './DeviceDetailDialog';
import { GOOD_RESULT, loginWithBundle, makeDevice } from './testDevices';

beforeEach(() => {
  resetStores();
  loginWithBundle();
});
afterEach(() => vi.unstubAllGlobals());

const cells = (parameter: string) =>
  within(screen.getByTestId(`parameter-${parameter}`))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('DeviceDetailDialog', () => {
  it('GETs the device and shows its parameters with status and the instruction hints', async () => {
    const device = makeDevice(2, 'T-PHA-01', {
      number: '730123456',
      testedAt: '2026-03-10 08:30:00',
      testResult: JSON.stringify({
        ...GOOD_RESULT,
        app_version: '3.13.0',
        wifi_enabled: true,
        battery: 40,
        gps_enabled: false,
        device_to_server_time_diff: null,
        storage_fill: 90,
      }),
    });
    const { calls } = mockFetch({ 'GET /v2/devices/2': () => ({ status: 200, body: device }) });
    renderUi(<DeviceDetailDialog deviceId={2} onClose={() => {}} />);
    expect(await screen.findByText('T-PHA-01 / Zařízení T-PHA-01')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /v2/devices/2']);
    expect(screen.getByText('Sim')).toBeInTheDocument();
    expect(screen.getByText('Typ').nextSibling).toHaveTextContent('Výjezdový tablet');
    expect(screen.getByText('Test proveden').nextSibling).toHaveTextContent('10.03.2026 08:30');
    expect(screen.getByText('Celkový výsledek testu')).toBeInTheDocument();
    expect(screen.getByTestId('overall-result')).toHaveTextContent('chyba');

    expect(cells('app_version')).toEqual([
      'Verze aplikace',
      '3.13.0',
      'chyba',
      'Proveďte aktualizaci aplikace (3.13.0 -> 3.14.2)',
    ]);
    expect(cells('wifi_enabled')).toEqual(['WIFI', 'ano', 'chyba', 'Vypněte modul WIFI']);
    expect(cells('gps_enabled')).toEqual([
      'Sledování polohy (GPS)',
      'ne',
      'upozornění',
      'Zapněte modul sledování polohy',
    ]);
    expect(cells('battery')).toEqual(['Baterie', '40 %', 'upozornění', 'Nabijte baterii']);
    expect(cells('device_to_server_time_diff')).toEqual([
      'Rozdíl hodin proti serveru',
      '-',
      'upozornění',
      'nezjištěno',
    ]);
    expect(cells('storage_fill')).toEqual(['Zaplnění úložiště', '90 %', 'chyba', '']);
    expect(cells('mobile_data_enabled')).toEqual(['Mobilní data', 'ano', 'v pořádku', '']);
    expect(screen.getByTestId('parameter-wifi_enabled')).toHaveClass('device-test-error');
    expect(screen.getByTestId('parameter-battery')).toHaveClass('device-test-warning');
  });

  it("uses the server's evaluation when the answer carries one; inactive mode gets its hint", async () => {
    const device = {
      ...makeDevice(1, 'M-PHA-01', { status: 0 }),
      testStatus: 'error',
      test: {
        status: 'error',
        rows: [
          { parameter: 'status', value: 0, status: 'error', hint: 'Přepněte Terezu do aktivního režimu' },
          { parameter: 'battery', value: 20, status: 'error', hint: 'Nabijte baterii' },
        ],
      },
    };
    mockFetch({ 'GET /v2/devices/1': () => ({ status: 200, body: device }) });
    renderUi(<DeviceDetailDialog deviceId={1} onClose={() => {}} />);
    expect(await screen.findByTestId('parameter-status')).toBeInTheDocument();
    expect(cells('status')).toEqual(['Režim aplikace', 'neaktivní', 'chyba', 'Přepněte Terezu do aktivního režimu']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('a failed load shows the message', async () => {
    mockFetch({ 'GET /v2/devices/9': () => ({ status: 404, body: { message: 'Zařízení nebylo nalezeno.' } }) });
    renderUi(<DeviceDetailDialog deviceId={9} onClose={() => {}} />);
    expect(await screen.findByText('Zařízení nebylo nalezeno.')).toBeInTheDocument();
  });

  it('formats values', () => {
    expect(formatParameterValue({ parameter: 'device_to_server_time_diff', value: 150 })).toBe('150 ms');
    expect(formatParameterValue({ parameter: 'location_high_precision', value: false })).toBe('ne');
    expect(formatParameterValue({ parameter: 'device', value: null })).toBe('-');
  });
});
