/**
 * 'Sledovač polohy' in the device detail (issue 14): an administrator sees the device's tracker state and
 * creates, rotates (confirmed) and revokes (confirmed) its secret; a new secret is shown once with the OsmAnd URL
 * and the Traccar Client settings; a dispatcher does not see the section (and makes no call for it).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatedTrackerSecret, TrackerState } from '@panel/domain/positions';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { DeviceDetailDialog } from './DeviceDetailDialog';
import { loginWithBundle, makeDevice } from './testDevices';
import { refusedCount } from './TrackerSection';

const DEVICE = makeDevice(21, 'N-PHA-01');
const SECRET = 'q3N0zX8pQ1r6S2t9U4v7W0x3Y6z1A4b7C0d3E6f9G2h';

// as GET /v2/positions/trackers answers (apps/server/src/modules/positions/trackers.ts listTrackers)
const state = (patch: Partial<TrackerState> = {}): TrackerState => ({
  deviceId: 21,
  code: 'N-PHA-01',
  name: 'Navigace CAS 20',
  baseId: 3,
  resourceId: 103,
  trackerId: 'N-PHA-01',
  hasSecret: false,
  secretCreatedAt: null,
  revokedAt: null,
  lastReportAt: null,
  lastFixAt: null,
  lastRefusalAt: null,
  lastRefusalReason: null,
  refusals: {},
  ...patch,
});
const WITH_SECRET = state({
  hasSecret: true,
  secretCreatedAt: '2026-03-10 08:30:00',
  lastReportAt: '2026-03-10 09:15:12',
  lastFixAt: '2026-03-10 09:15:07',
  lastRefusalAt: '2026-03-10 09:01:00',
  lastRefusalReason: 'outsideBounds',
  refusals: { outsideBounds: 2, future: 1 },
});
const CREATED: CreatedTrackerSecret = {
  deviceId: 21,
  trackerId: 'N-PHA-01',
  secret: SECRET,
  osmandPath: `/v2/positions/osmand/${SECRET}`,
  traccarPath: `/v2/positions/traccar/${SECRET}`,
};

function asAdmin() {
  loginWithBundle();
  const auth = useAuthStore.getState();
  auth.login({ ...demoLogin, user: { ...demoLogin.user, username: 'admin', roles: ['admin'] } });
}

beforeEach(() => resetStores());
afterEach(() => vi.unstubAllGlobals());

const section = () => within(screen.getByTestId('tracker-section'));

describe('TrackerSection', () => {
  it('a dispatcher sees no tracker section and makes no call for it', async () => {
    loginWithBundle();
    const { calls } = mockFetch({ 'GET /v2/devices/21': () => ({ status: 200, body: DEVICE }) });
    renderUi(<DeviceDetailDialog deviceId={21} onClose={() => {}} />);
    expect(await screen.findByText('N-PHA-01 / Zařízení N-PHA-01')).toBeInTheDocument();
    expect(screen.queryByText('Sledovač polohy')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/v2/devices/21']);
  });

  it('an administrator sees the state: dates DD.MM.YYYY HH:mm, last fix, refused reports and the last reason', async () => {
    asAdmin();
    mockFetch({
      'GET /v2/devices/21': () => ({ status: 200, body: DEVICE }),
      'GET /v2/positions/trackers': () => ({ status: 200, body: [state({ deviceId: 20 }), WITH_SECRET] }),
    });
    renderUi(<DeviceDetailDialog deviceId={21} onClose={() => {}} />);
    expect(await screen.findByText('Sledovač polohy')).toBeInTheDocument();
    await waitFor(() => expect(section().getByTestId('tracker-secret-state')).toHaveTextContent('nastaven'));
    expect(section().getByTestId('tracker-created')).toHaveTextContent('10.03.2026 08:30');
    expect(section().getByTestId('tracker-last-used')).toHaveTextContent('10.03.2026 09:15');
    expect(section().getByTestId('tracker-last-fix')).toHaveTextContent('10.03.2026 09:15');
    expect(section().getByTestId('tracker-refused')).toHaveTextContent('3');
    expect(section().getByText(/Poloha leží mimo území České republiky\./)).toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Vyměnit klíč' })).toBeEnabled();
    expect(section().getByRole('button', { name: 'Zrušit klíč' })).toBeEnabled();
    expect(section().queryByRole('button', { name: 'Vytvořit klíč' })).toBeNull();
  });

  it('creates a secret and shows it once, with the OsmAnd URL and the Traccar Client hint', async () => {
    asAdmin();
    let current = state();
    const { calls } = mockFetch({
      'GET /v2/devices/21': () => ({ status: 200, body: DEVICE }),
      'GET /v2/positions/trackers': () => ({ status: 200, body: [current] }),
      'POST /v2/positions/trackers/21/secret': () => {
        current = state({ hasSecret: true, secretCreatedAt: '2026-03-10 10:00:00' });
        return { status: 200, body: CREATED };
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderUi(<DeviceDetailDialog deviceId={21} onClose={() => {}} />);
    await waitFor(() => expect(section().getByTestId('tracker-secret-state')).toHaveTextContent('nemá klíč'));
    expect(section().getByTestId('tracker-last-fix')).toHaveTextContent('nikdy');
    await userEvent.click(section().getByRole('button', { name: 'Vytvořit klíč' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Nový klíč sledovače' }));
    const url = `${window.location.origin}/v2/positions/osmand/${SECRET}`;
    expect(dialog.getByTestId('tracker-secret')).toHaveTextContent(SECRET);
    expect(dialog.getByTestId('tracker-url')).toHaveTextContent(url);
    expect(dialog.getByTestId('traccar-hint')).toHaveTextContent(
      `Traccar Client: jako adresu serveru zadejte ${url}, jako identifikátor zařízení N-PHA-01.`,
    );
    expect(dialog.getByText(/Klíč se zobrazuje jen nyní/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Kopírovat: Adresa pro protokol OsmAnd' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({});

    await userEvent.click(dialog.getByRole('button', { name: 'Zavřít, klíč už se nezobrazí' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nový klíč sledovače' })).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    // reloaded after the write: now it has one
    await waitFor(() => expect(section().getByTestId('tracker-secret-state')).toHaveTextContent('nastaven'));
    expect(section().getByTestId('tracker-created')).toHaveTextContent('10.03.2026 10:00');
  }, 20_000);

  it('rotating and revoking ask first; Zpět does nothing, Ano calls the API', async () => {
    asAdmin();
    let current = WITH_SECRET;
    const { calls } = mockFetch({
      'GET /v2/devices/21': () => ({ status: 200, body: DEVICE }),
      'GET /v2/positions/trackers': () => ({ status: 200, body: [current] }),
      'POST /v2/positions/trackers/21/secret': () => ({ status: 200, body: CREATED }),
      'DELETE /v2/positions/trackers/21/secret': () => {
        current = state({ revokedAt: '2026-03-10 11:00:00' });
        return { status: 200, body: { result: true } };
      },
    });
    renderUi(<DeviceDetailDialog deviceId={21} onClose={() => {}} />);
    await waitFor(() => expect(section().getByTestId('tracker-secret-state')).toHaveTextContent('nastaven'));

    await userEvent.click(section().getByRole('button', { name: 'Zrušit klíč' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Zrušení klíče' }));
    expect(confirm.getByText(/přestane hlásit polohu/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Zpět' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zrušení klíče' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(await section().findByRole('button', { name: 'Vyměnit klíč' }, { timeout: 3000 }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Výměna klíče' })).getByRole('button', { name: 'Ano' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Nový klíč sledovače' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Zavřít, klíč už se nezobrazí' }));
    // the device detail is accessible again once the secret's dialog has gone
    await userEvent.click(await section().findByRole('button', { name: 'Zrušit klíč' }, { timeout: 3000 }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Zrušení klíče' })).getByRole('button', { name: 'Ano' }),
    );
    await waitFor(() =>
      expect(section().getByTestId('tracker-secret-state')).toHaveTextContent('zrušen 10.03.2026 11:00'),
    );
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(await section().findByRole('button', { name: 'Vytvořit klíč' }, { timeout: 3000 })).toBeEnabled();
  }, 20_000); // three dialogs open and close: slow on a busy machine

  it("a refused write shows the server's message", async () => {
    asAdmin();
    mockFetch({
      'GET /v2/devices/21': () => ({ status: 200, body: DEVICE }),
      'GET /v2/positions/trackers': () => ({ status: 200, body: [state()] }),
      'POST /v2/positions/trackers/21/secret': () => ({
        status: 422,
        body: [{ field: 'trackerId', message: 'Tento identifikátor už používá jiné zařízení.' }],
      }),
    });
    renderUi(<DeviceDetailDialog deviceId={21} onClose={() => {}} />);
    await userEvent.click(await section().findByRole('button', { name: 'Vytvořit klíč' }));
    expect(await section().findByRole('alert')).toHaveTextContent('Tento identifikátor už používá jiné zařízení.');
    expect(screen.queryByRole('dialog', { name: 'Nový klíč sledovače' })).toBeNull();
  });

  it('counts refused reports over all reasons', () => {
    expect(refusedCount({ refusals: {} })).toBe(0);
    expect(refusedCount({ refusals: { future: 2, inaccurate: 5 } })).toBe(7);
  });
});
