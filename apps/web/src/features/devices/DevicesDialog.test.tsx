import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderUi, resetStores } from '../../test/utils';
import { DevicesDialog } from './DevicesDialog';
import { loginWithBundle, makeDevice } from './testDevices';
import { useDeliveriesStore } from '../receipts/DeviceDeliveryLine';

/** the calls of the overview itself: the delivery line's GET /v2/receipts/devices (issue 25) aside */
const own = <T extends { url: string }>(calls: T[]) => calls.filter((c) => !c.url.startsWith('/v2/receipts'));

// 2026-03-10 13:00 in Prague (CET = UTC+1)
const NOW = new Date('2026-03-10T12:00:00Z');
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const devices = [
  makeDevice(1, 'M-PHA-01', { connectedAt: epoch('2026-03-10T09:15:30Z'), number: '730123456' }),
  makeDevice(2, 'T-PHA-01', { connectedAt: epoch('2026-03-08T12:00:00Z'), resourceName: 'CAS 20' }),
  makeDevice(3, 'N-PHA-01', { testResult: null }),
  makeDevice(4, 'DC-PHA-01', { testResult: null }),
  makeDevice(5, 'X-PHA-01'),
  makeDevice(6, 'Z-PHA-01'),
  makeDevice(7, 'M-PHA-99', { ownership: 'private' }),
  makeDevice(8, 'M-BRN-01', { baseId: 5 }),
];

const section = (name: string) => screen.getByRole('region', { name });
const codesIn = (name: string) =>
  within(section(name))
    .queryAllByRole('row')
    .map((r) => r.getAttribute('data-testid'))
    .filter(Boolean);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(NOW);
  resetStores();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DevicesDialog tables', () => {
  it('puts each device into its table by code prefix and ownership; private ones are collapsed', () => {
    loginWithBundle({ devices });
    mockFetch({});
    renderUi(<DevicesDialog open onClose={() => {}} />);
    expect(screen.getByText('Přehled zařízení jednotky')).toBeInTheDocument();
    expect(codesIn('Výjezdový mobilní telefon')).toEqual(['device-row-M-PHA-01']);
    expect(codesIn('Výjezdový tablet')).toEqual(['device-row-T-PHA-01']);
    expect(codesIn('Vozidlová navigace')).toEqual(['device-row-N-PHA-01']);
    expect(codesIn('Dron zažízení')).toEqual(['device-row-DC-PHA-01']);
    expect(codesIn('Ostatní služební zařízení')).toEqual(['device-row-X-PHA-01', 'device-row-Z-PHA-01']);
    // another unit's device is not in the own unit's overview
    expect(screen.queryByText('M-BRN-01')).not.toBeInTheDocument();

    // private: collapsed at first
    expect(screen.queryByText('M-PHA-99')).not.toBeInTheDocument();
    fireEvent.click(within(section('Soukromá zařízení')).getByRole('button', { name: 'zobrazit' }));
    expect(codesIn('Soukromá zařízení')).toEqual(['device-row-M-PHA-99']);
    fireEvent.click(within(section('Soukromá zařízení')).getByRole('button', { name: 'skrýt' }));
    expect(screen.queryByText('M-PHA-99')).not.toBeInTheDocument();
  });

  it('has the spec columns; the drone table has no test column', () => {
    loginWithBundle({ devices });
    mockFetch({});
    renderUi(<DevicesDialog open onClose={() => {}} />);
    const headers = (name: string) =>
      within(section(name))
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers('Výjezdový mobilní telefon')).toEqual([
      'Kód / název',
      'Přiděleno',
      'Sim',
      'Režim',
      'Poslední spojení',
      'Denní zkouška spojení',
    ]);
    expect(headers('Dron zažízení')).not.toContain('Denní zkouška spojení');
    expect(within(section('Dron zažízení')).queryByTestId('test-status')).toBeNull();
    expect(within(section('Dron zažízení')).queryByRole('button', { name: 'otestovat' })).toBeNull();
  });

  it('shows the last contact as HH:mm:ss today, DD.MM.YYYY another day, "-" when none', () => {
    loginWithBundle({ devices });
    mockFetch({});
    renderUi(<DevicesDialog open onClose={() => {}} />);
    const last = (code: string) => within(screen.getByTestId(`device-row-${code}`)).getByTestId('last-contact');
    expect(last('M-PHA-01')).toHaveTextContent(/^10:15:30$/);
    expect(last('T-PHA-01')).toHaveTextContent(/^08\.03\.2026$/);
    expect(last('N-PHA-01')).toHaveTextContent(/^-$/);
  });

  it('row class and text come from the test result', () => {
    loginWithBundle({
      devices: [
        makeDevice(1, 'M-PHA-01'),
        makeDevice(2, 'M-PHA-02', { testResult: JSON.stringify({ battery: 40, device_to_server_time_diff: 5 }) }),
        makeDevice(3, 'M-PHA-03', { testResult: JSON.stringify({ wifi_enabled: true }) }),
        makeDevice(4, 'M-PHA-04', { testResult: null }),
      ],
    });
    mockFetch({});
    renderUi(<DevicesDialog open onClose={() => {}} />);
    const row = (code: string) => screen.getByTestId(`device-row-${code}`);
    expect(row('M-PHA-01')).toHaveClass('device-test-ok');
    expect(within(row('M-PHA-01')).getByTestId('test-status')).toHaveTextContent('v pořádku');
    expect(row('M-PHA-02')).toHaveClass('device-test-warning');
    expect(row('M-PHA-03')).toHaveClass('device-test-error');
    expect(within(row('M-PHA-03')).getByTestId('test-status')).toHaveTextContent('chyba');
    expect(row('M-PHA-04')).toHaveClass('device-test-unknown');
  });
});

describe('DevicesDialog tests', () => {
  it("'otestovat' reads 'odeslám' while sending, PUTs {id} and toasts the answer", async () => {
    loginWithBundle({ devices });
    let release: () => void = () => {};
    const { calls } = mockFetch({
      'PUT /v2/devices/request-test': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({ status: 200, body: { result: true, message: 'Test pro zařízení byl zadán', devices: [2] } });
        }),
    });
    renderUi(<DevicesDialog open onClose={() => {}} />);
    const row = screen.getByTestId('device-row-T-PHA-01');
    fireEvent.click(within(row).getByRole('button', { name: 'otestovat' }));
    const busy = await within(row).findByRole('button', { name: 'odeslám' });
    expect(busy).toBeDisabled();
    // other rows stay usable
    expect(within(screen.getByTestId('device-row-M-PHA-01')).getByRole('button', { name: 'otestovat' })).toBeEnabled();
    expect(own(calls)).toHaveLength(1);
    expect(own(calls)[0]).toMatchObject({ method: 'PUT', url: '/v2/devices/request-test', body: { id: 2 } });
    // the click on the button does not open the detail
    expect(screen.queryByText('Celkový výsledek testu')).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('Test pro zařízení byl zadán')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'otestovat' })).toBeEnabled();
  });

  it('a refused test shows the server message', async () => {
    loginWithBundle({ devices });
    mockFetch({ 'PUT /v2/devices/request-test': () => ({ status: 403, body: { message: 'Nemáte oprávnění.' } }) });
    renderUi(<DevicesDialog open onClose={() => {}} />);
    fireEvent.click(within(screen.getByTestId('device-row-M-PHA-01')).getByRole('button', { name: 'otestovat' }));
    expect(await screen.findByText('Nemáte oprávnění.')).toBeInTheDocument();
  });

  it("'Otestovat služební zařízení' requests every corporate device of the unit (no drones, no private)", async () => {
    loginWithBundle({ devices });
    const { calls } = mockFetch({
      'PUT /v2/devices/request-test': () => ({
        status: 200,
        body: { result: true, message: 'Test pro zařízení byl zadán' },
      }),
    });
    renderUi(<DevicesDialog open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Otestovat služební zařízení' }));
    expect(await screen.findByText('Test pro zařízení byl zadán')).toBeInTheDocument();
    expect(own(calls)).toHaveLength(1);
    expect((own(calls)[0].body as { ids: number[] }).ids.sort()).toEqual([1, 2, 3, 5, 6]);
  });
});

describe('DevicesDialog unit selector', () => {
  it('without device.all only the own unit, and the selector is locked', () => {
    loginWithBundle({ baseId: 2, devices });
    mockFetch({});
    renderUi(<DevicesDialog open onClose={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Jednotka' });
    expect(select).toHaveAttribute('aria-disabled', 'true');
    expect(select).toHaveTextContent('Centrální dispečink');
  });

  it('device.all outside the central base: still the own unit only', () => {
    loginWithBundle({ baseId: 3, devices, permissions: ['device.all'] });
    mockFetch({});
    renderUi(<DevicesDialog open onClose={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Jednotka' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('device.all with the central base: any unit; another unit comes from GET /v2/devices?baseId=', async () => {
    const live = makeDevice(8, 'M-BRN-01', { baseId: 5, testResult: JSON.stringify({ wifi_enabled: true }) });
    loginWithBundle({ baseId: 2, devices: [...devices.slice(0, 7), live], permissions: ['device.all'] });
    const { calls } = mockFetch({
      'GET /v2/devices': () => ({
        status: 200,
        body: [
          { ...makeDevice(8, 'M-BRN-01', { baseId: 5 }), testStatus: 'warning' },
          { ...makeDevice(9, 'T-BRN-01', { baseId: 5 }), testStatus: 'ok' },
        ],
      }),
    });
    renderUi(<DevicesDialog open onClose={() => {}} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Jednotka' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Centrální dispečink', 'HZS Brno', 'HZS Praha']);
    fireEvent.click(screen.getByRole('option', { name: 'HZS Brno' }));
    expect(await screen.findByTestId('device-row-T-BRN-01')).toBeInTheDocument();
    expect(own(calls).map((c) => c.url)).toEqual(['/v2/devices?baseId=5']);
    // the bundle's (live, newer) row wins over the list's; the list's status is kept for the others
    expect(screen.getByTestId('device-row-M-BRN-01')).toHaveClass('device-test-error');
    expect(screen.getByTestId('device-row-T-BRN-01')).toHaveClass('device-test-ok');
    expect(screen.queryByTestId('device-row-M-PHA-01')).not.toBeInTheDocument();
  });
});

describe('DevicesDialog detail', () => {
  it('opens only for a row with a test result', async () => {
    loginWithBundle({ devices });
    const { calls } = mockFetch({
      'GET /v2/devices/1': () => ({ status: 200, body: makeDevice(1, 'M-PHA-01') }),
    });
    renderUi(<DevicesDialog open onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('device-row-N-PHA-01')); // never tested
    fireEvent.click(screen.getByTestId('device-row-DC-PHA-01')); // drone: no tests
    await act(() => Promise.resolve());
    expect(own(calls)).toHaveLength(0);
    fireEvent.click(screen.getByText('M-PHA-01'));
    expect(await screen.findByText('Celkový výsledek testu')).toBeInTheDocument();
    expect(own(calls).map((c) => c.url)).toEqual(['/v2/devices/1']);
    await waitFor(() => expect(screen.getByText('M-PHA-01 / Zařízení M-PHA-01')).toBeInTheDocument());
  });
});

describe('DevicesDialog deliveries (issue 25)', () => {
  it('shows the last delivery and the deliveries missed today under the last contact', async () => {
    useDeliveriesStore.setState({ byDevice: {}, loadedAt: 0, loading: false });
    loginWithBundle({ devices });
    mockFetch({
      'GET /v2/receipts/devices': () => ({
        status: 200,
        body: {
          items: [
            { deviceId: 1, lastDeliveryAt: '2026-11-28 10:15:00', missedToday: 0 },
            { deviceId: 2, lastDeliveryAt: null, missedToday: 3 },
          ],
        },
      }),
    });
    renderUi(<DevicesDialog open onClose={() => {}} />);
    const line = (code: string) => within(screen.getByTestId(`device-row-${code}`)).findByTestId('device-deliveries');
    expect(await line('M-PHA-01')).toHaveTextContent('Poslední doručení: 28.11.2026 10:15');
    expect(await line('M-PHA-01')).not.toHaveTextContent('Dnes nedoručeno');
    expect(await line('T-PHA-01')).toHaveTextContent('Poslední doručení: —Dnes nedoručeno: 3');
  });
});
