/**
 * Issue 14 in the panel: the deployment dialog's distance/ETA per free vehicle (sorted by it, the nearest free
 * vehicle preselected and one button away, a road route and an estimate labelled differently) and the Technika
 * tab's ETA labels and per-deployment geofence switch.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VehicleEta } from '@panel/domain/tracking';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { makeEvent } from '../../test/factories';
import { mockFetch, renderUi } from '../../test/utils';
import { DeploymentDialog } from './DeploymentDialog';
import { ago, makeJob, makeResource, overview, seedVehicles } from './testVehicles';
import { VehiclesTab } from './VehiclesTab';

const event = makeEvent(1, { code: 'PHA-2025-0412' });

const drone = makeResource(101, { name: 'Dron DJI Matrice PHA', resourceTypeId: 5 });
const bravo = makeResource(106, { name: 'Bravo CAS PHA' });
const charlie = makeResource(107, { name: 'Charlie CAS PHA', locationAt: ago(900) }); // stale
const alfa = makeResource(104, { name: 'Alfa CAS BRN', baseId: 4, baseCode: 'BRN', locationAt: null });
const tanker = makeResource(103, { name: 'CAS Tatra PHA', event: 1, eventJob: 503, status: 1 });
const FLEET = [
  overview(drone),
  overview(bravo),
  overview(charlie),
  overview(alfa),
  overview(tanker, {
    id: 503,
    eventId: 1,
    eventJobStatusId: 15,
    eventCode: 'PHA-2025-0412',
    eventTitle: 'Požár',
    eventActive: true,
  }),
];
const eta = (resourceId: number, duration: number, source: VehicleEta['source']): VehicleEta => ({
  resourceId,
  distance: duration * 15,
  duration,
  source,
  distanceText: `${((duration * 15) / 1000).toFixed(1).replace('.', ',')} km`,
  durationText: `${Math.round(duration / 60)} min`,
});
// the server's answer: fresh first by ETA, then the stale one (even though it is nearer)
const ETAS = [eta(106, 120, 'estimate'), eta(101, 300, 'route'), eta(107, 60, 'estimate')];

beforeEach(() => {
  seedVehicles({
    events: [event],
    resources: [drone, bravo, charlie, alfa, tanker],
    eventJobs: [makeJob(503, { resourceId: 103, eventJobStatusId: 15 })],
  });
});

describe('DeploymentDialog: distance and ETA (issue 14)', () => {
  const open = async (etas: VehicleEta[] | null = ETAS) => {
    const mock = mockFetch({
      'GET /v2/resources': () => ({ status: 200, body: FLEET }),
      'GET /v2/events/1/vehicle-eta': () => (etas ? { status: 200, body: etas } : { status: 500, body: {} }),
      'POST /v2/event-jobs': () => ({ status: 201, body: makeJob(900, { resourceId: 106 }) }),
    });
    renderUi(<DeploymentDialog event={event} open onClose={() => undefined} />);
    await waitFor(() => expect(withEta()).toHaveLength(3));
    return mock;
  };
  const rows = () => screen.getAllByTestId('vehicle-row');
  const withEta = () => rows().filter((r) => within(r).queryByTestId('vehicle-eta'));
  const names = () => rows().map((r) => within(r).getAllByRole('cell')[0].textContent);
  const selectedName = () =>
    rows()
      .find((r) => r.classList.contains('Mui-selected'))
      ?.querySelector('td')?.textContent;

  it('sorted by ETA: free with a fresh position first, then stale, then the rest by name', async () => {
    await open();
    expect(names()).toEqual([
      expect.stringContaining('Bravo'),
      expect.stringContaining('Dron'),
      expect.stringContaining('Charlie'),
      expect.stringContaining('Alfa'),
      expect.stringContaining('CAS Tatra'),
    ]);
    // the deployed vehicle has no ETA cell value; the one without a position neither
    expect(within(rows()[4]).queryByTestId('vehicle-eta')).toBeNull();
    expect(within(rows()[3]).queryByTestId('vehicle-eta')).toBeNull();
  });

  it('a road route and an estimate are labelled differently, never alike', async () => {
    await open();
    const [b, d] = rows();
    expect(within(b).getByTestId('vehicle-eta')).toHaveTextContent('1,8 km · 2 min');
    expect(within(b).getByLabelText('Odhad příjezdu (vzdušnou čarou)')).toHaveTextContent('odhad');
    expect(within(d).getByLabelText('Příjezd podle trasy')).toHaveTextContent('trasa');
    expect(within(d).getByTestId('vehicle-eta')).toHaveAttribute('data-source', 'route');
  });

  it('the nearest free vehicle is preselected (Nasadit is one click) and one button away after looking elsewhere', async () => {
    const { calls } = await open();
    await waitFor(() => expect(selectedName()).toContain('Bravo'));
    // the detail of the preselected vehicle shows its distance and ETA too (a phone sees no table column)
    expect(screen.getAllByTestId('vehicle-eta')).toHaveLength(4);
    await userEvent.click(screen.getByText('Charlie CAS PHA'));
    expect(selectedName()).toContain('Charlie');
    await userEvent.click(screen.getByRole('button', { name: 'Nejbližší volné vozidlo' }));
    expect(selectedName()).toContain('Bravo');
    await userEvent.click(screen.getByRole('button', { name: 'Nasadit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/v2/event-jobs')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ eventId: 1, resourceId: 106 });
  });

  it('without distances (the call failed) the table still works and nothing is preselected', async () => {
    mockFetch({
      'GET /v2/resources': () => ({ status: 200, body: FLEET }),
      'GET /v2/events/1/vehicle-eta': () => ({ status: 500, body: { message: 'x' } }),
    });
    renderUi(<DeploymentDialog event={event} open onClose={() => undefined} />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(withEta()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Nejbližší volné vozidlo' })).toBeDisabled();
    expect(selectedName()).toBeUndefined();
  });
});

describe('VehiclesTab: ETA labels and the geofence switch (issue 14)', () => {
  const setup = (pnt: Record<string, unknown>, job: Record<string, unknown> = {}) => {
    useEntitiesStore.getState().applyBundle({
      resetData: false,
      resources: [makeResource(103, { name: 'CAS Tatra PHA', event: 1, eventJob: 503, pnt: pnt as never })],
      eventJobs: [makeJob(503, { resourceId: 103, eventJobStatusId: 15, ...job })],
    });
    return renderUi(<VehiclesTab event={event} />);
  };

  it('a live ETA by road route says so; an estimate says it is one', () => {
    const { unmount } = setup({ eta: '2025-06-01 12:20:00', etaSource: 'route' });
    expect(screen.getByTestId('deployed-eta')).toHaveTextContent(/^Příjezd podle trasy \d\d:\d\d/);
    unmount();
    setup({ eta: '2025-06-01 12:20:00', etaSource: 'estimate' });
    expect(screen.getByTestId('deployed-eta')).toHaveTextContent(/^Odhad příjezdu \(vzdušnou čarou\) \d\d:\d\d/);
  });

  it('the dispatcher turns the automatic statuses off for one deployment (PUT geofence: false)', async () => {
    const { calls } = mockFetch({
      'PUT /v2/event-jobs/503': () => ({ status: 200, body: makeJob(503, { resourceId: 103, geofence: false }) }),
    });
    setup({});
    const sw = screen.getByTestId('geofence-switch');
    expect(sw).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(sw);
    await waitFor(() => expect(screen.getByTestId('geofence-switch')).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ geofence: false });
  });

  it('with the setting off the switch is disabled and says why', () => {
    useEntitiesStore.getState().applyBundle({ resetData: false, settings: { geofence: false } as never });
    setup({});
    expect(screen.getByTestId('geofence-switch')).toBeDisabled();
  });
});
