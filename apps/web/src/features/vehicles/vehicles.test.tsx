import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAppStore } from '../../stores/appStore';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { makeEvent } from '../../test/factories';
import { demoLogin, mockFetch, renderUi } from '../../test/utils';
import { useToastStore } from '../../ui/toasts';
import { DeploymentDialog } from './DeploymentDialog';
import { BASES, NOW, TYPES, ago, makeJob, makeResource, overview, seedVehicles } from './testVehicles';
import { VehiclesTab } from './VehiclesTab';
import { filterRows, overviewRows, sortRows } from './vehicleModel';

const event = makeEvent(1, { code: 'PHA-2025-0412' });
const toasts = () => useToastStore.getState().toasts.map((t) => t.message);

// the fleet: a free fresh drone, an inspector busy on an event the user does not see (stale), a tanker deployed
// here, a free tanker of another base without a position
const drone = makeResource(101, { name: 'Dron DJI Matrice PHA', resourceTypeId: 5, status: 2 });
const inspector = makeResource(102, {
  name: 'Inspektor Škoda Kodiaq BRN',
  resourceTypeId: 6,
  baseId: 4,
  baseCode: 'BRN',
  event: 2,
  eventJob: 502,
  status: 1,
  locationAt: ago(900),
});
const tanker = makeResource(103, { name: 'CAS Tatra PHA', event: 1, eventJob: 503, status: 1 });
const alfa = makeResource(104, { name: 'Alfa CAS BRN', baseId: 4, baseCode: 'BRN', locationAt: null });
const FLEET = [
  overview(drone),
  overview(inspector, {
    id: 502,
    eventId: 2,
    eventJobStatusId: 18,
    eventCode: 'BRN-2025-0198',
    eventTitle: 'Srážka',
    eventActive: true,
  }),
  overview(tanker, {
    id: 503,
    eventId: 1,
    eventJobStatusId: 18,
    eventCode: 'PHA-2025-0412',
    eventTitle: 'Požár',
    eventActive: true,
  }),
  overview(alfa),
];

beforeEach(() => {
  seedVehicles({
    events: [event],
    resources: [drone, inspector, tanker, alfa],
    eventJobs: [makeJob(503, { resourceId: 103, eventJobStatusId: 18, arriveAt: '2025-06-01 11:50:00' })],
  });
});

describe('VehiclesTab (Technika)', () => {
  beforeEach(() => {
    const late = makeResource(105, {
      name: 'TA-L Crafter BRN',
      baseId: 4,
      baseCode: 'BRN',
      event: 1,
      eventJob: 504,
      status: 3,
      locationAt: ago(1200),
      pnt: { eta: '2025-06-01 12:20:00' } as never,
    });
    const home = makeResource(106, { name: 'Vrácené vozidlo', event: null });
    useEntitiesStore.getState().applyBundle({
      resources: [late, home],
      eventJobs: [
        makeJob(504, { resourceId: 105, baseId: 4, eventJobStatusId: 15 }),
        makeJob(505, { resourceId: 106, eventJobStatusId: 20 }),
      ],
    });
  });

  it('lists the deployed vehicles with job status, vehicle status, ETA and position; status 20 left out', () => {
    renderUi(<VehiclesTab event={event} />);
    const rows = screen.getAllByTestId('deployed-vehicle');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['18', '15']);
    expect(screen.queryByText('Vrácené vozidlo')).toBeNull();
    expect(within(rows[0]).getByText('CAS Tatra PHA')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Na místě')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Jízda')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('deployed-eta')).toHaveTextContent('11:50');
    expect(within(rows[0]).getByTestId('position-fresh')).toHaveTextContent('před 1 min');
    expect(within(rows[1]).getByText('Na cestě')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Navigace')).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('deployed-eta')).toHaveTextContent('12:20');
    expect(within(rows[1]).getByTestId('position-stale')).toHaveTextContent('Neaktuální poloha (před 20 min)');
    expect(screen.getByText('Technika (2)')).toBeInTheDocument();
  });

  it('the stale warning follows the clock: a position turns stale after 300 s', () => {
    useAppStore.getState().set({ secondDate: NOW + 255_000 }); // the tanker's position is now 315 s old
    renderUi(<VehiclesTab event={event} />);
    const rows = screen.getAllByTestId('deployed-vehicle');
    expect(within(rows[0]).getByTestId('position-stale')).toHaveTextContent('před 5 min');
  });

  it('ending asks first, then PUTs status 20; only for vehicles of the own base', async () => {
    const { calls } = mockFetch({
      'PUT /v2/event-jobs/503': () => ({ status: 200, body: makeJob(503, { resourceId: 103, eventJobStatusId: 20 }) }),
    });
    renderUi(<VehiclesTab event={event} />);
    expect(screen.queryByRole('button', { name: 'Ukončit nasazení: TA-L Crafter BRN' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ukončit nasazení: CAS Tatra PHA' }));
    expect(screen.getByText('Chcete opravdu ukončit nasazení této techniky?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ano' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ eventJobStatusId: 20 });
    await waitFor(() => expect(screen.queryByText('CAS Tatra PHA')).toBeNull());
    expect(useEntitiesStore.getState().resources[103]).toMatchObject({ event: null, eventJob: null });
  });

  it('the central base may end any vehicle; without create EventJob there is no deploy button', () => {
    useAuthStore.setState({ user: { ...demoLogin.user, baseId: 2 } });
    const { unmount } = renderUi(<VehiclesTab event={event} />);
    expect(screen.getByRole('button', { name: 'Ukončit nasazení: TA-L Crafter BRN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nasadit techniku' })).toBeInTheDocument();
    unmount();
    useEntitiesStore.getState().applyBundle({ userPermissions: [], eventRoles: [] });
    renderUi(<VehiclesTab event={event} />);
    expect(screen.queryByRole('button', { name: 'Nasadit techniku' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ukončit nasazení/ })).toBeNull();
  });
});

describe('DeploymentDialog', () => {
  const open = async (routes: Parameters<typeof mockFetch>[0] = {}) => {
    const mock = mockFetch({
      'GET /v2/resources': () => ({ status: 200, body: FLEET }),
      'GET /v2/events/1/vehicle-eta': () => ({ status: 200, body: [] }),
      ...routes,
    });
    renderUi(<DeploymentDialog event={event} open onClose={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('vehicle-row')).toHaveLength(4));
    return mock;
  };
  const names = () => screen.getAllByTestId('vehicle-row').map((r) => within(r).getAllByRole('cell')[0].textContent);

  it('shows the vehicle table from GET /v2/resources: free, here, elsewhere, type, unit, status, position', async () => {
    await open();
    const rows = screen.getAllByTestId('vehicle-row');
    expect(names()).toEqual([
      expect.stringContaining('Alfa CAS BRN'),
      expect.stringContaining('CAS Tatra PHA'),
      expect.stringContaining('Dron DJI Matrice PHA'),
      expect.stringContaining('Inspektor Škoda Kodiaq BRN'),
    ]);
    expect(rows.map((r) => r.getAttribute('data-deployment'))).toEqual(['free', 'here', 'free', 'elsewhere']);
    expect(within(rows[0]).getByText('bez polohy')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Pozorovatel')).toBeInTheDocument();
    expect(within(rows[3]).getByText('BRN-2025-0198')).toBeInTheDocument();
    expect(within(rows[3]).getByTestId('position-stale')).toHaveTextContent('Neaktuální poloha (před 15 min)');
    expect(within(rows[1]).getByText('u této události')).toBeInTheDocument();
  });

  it('filter chips Dron and Inspektor, and the text filter (case and accents ignored)', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Dron' }));
    expect(names()).toEqual([expect.stringContaining('Dron DJI Matrice PHA')]);
    await userEvent.click(screen.getByRole('button', { name: 'Inspektor' }));
    expect(names()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Dron' }));
    expect(names()).toEqual([expect.stringContaining('Inspektor Škoda Kodiaq BRN')]);
    await userEvent.click(screen.getByRole('button', { name: 'Inspektor' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Hledat techniku' }), 'skoda');
    expect(names()).toEqual([expect.stringContaining('Inspektor Škoda Kodiaq BRN')]);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Hledat techniku' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Hledat techniku' }), 'brn cas');
    expect(names()).toEqual([expect.stringContaining('Alfa CAS BRN')]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Hledat techniku' }), ' nic');
    expect(screen.getByText('Žádná technika neodpovídá filtru')).toBeInTheDocument();
  });

  it('sortable columns: a click sorts, a second click reverses', async () => {
    await open();
    // the default sort is by distance/ETA (issue 14): the first click on 'Technika' sorts by name, the second reverses
    await userEvent.click(screen.getByRole('button', { name: 'Technika' }));
    expect(names()[0]).toContain('Alfa');
    await userEvent.click(screen.getByRole('button', { name: 'Technika' }));
    expect(names()[0]).toContain('Inspektor');
    await userEvent.click(screen.getByRole('button', { name: 'Jednotka' }));
    expect(names().slice(0, 2)).toEqual([expect.stringContaining('Alfa'), expect.stringContaining('Inspektor')]);
    await userEvent.click(screen.getByRole('button', { name: 'Poloha' }));
    // freshest first, no position last
    expect(names()[3]).toContain('Alfa');
    expect(names()[2]).toContain('Inspektor');
    await userEvent.click(screen.getByRole('button', { name: 'Událost' }));
    // free first, then by the event's code
    expect(names().slice(2)).toEqual([expect.stringContaining('Inspektor'), expect.stringContaining('CAS Tatra')]);
    await userEvent.click(screen.getByRole('button', { name: 'Událost' }));
    expect(names()[0]).toContain('CAS Tatra');
  });

  it('deploys a free vehicle: POST with a uuid, "Výjezd byl založen", the job enters the store', async () => {
    const { calls } = await open({
      'POST /v2/event-jobs': () => ({ status: 201, body: makeJob(601, { resourceId: 101, eventJobStatusId: 14 }) }),
    });
    await userEvent.click(screen.getByText('Dron DJI Matrice PHA'));
    const detail = screen.getByTestId('vehicle-detail');
    expect(within(detail).getByText('Pozorovatel')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Nasadit' }));
    await waitFor(() => expect(toasts()).toContain('Výjezd byl založen'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ uuid: expect.any(String), eventId: 1, resourceId: 101 });
    expect(useEntitiesStore.getState().eventJobs[601]).toMatchObject({ eventId: 1, resourceId: 101 });
    expect(useEntitiesStore.getState().resources[101]).toMatchObject({ event: 1, eventJob: 601 });
    // the overview is fetched again after the write
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/v2/resources')).toHaveLength(2);
  });

  it('moves a vehicle busy elsewhere after the confirmation (POST move: true)', async () => {
    const { calls } = await open({
      'POST /v2/event-jobs': () => ({ status: 201, body: makeJob(602, { resourceId: 102, baseId: 4 }) }),
    });
    useAuthStore.setState({ user: { ...demoLogin.user, baseId: 2 } }); // central: may move any vehicle
    await userEvent.click(screen.getByText('Inspektor Škoda Kodiaq BRN'));
    await userEvent.click(within(screen.getByTestId('vehicle-detail')).getByRole('button', { name: 'Přesunout' }));
    expect(screen.getByText('Technika zasahuje u jiné události! Chcete ji přesunout?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ano' }));
    await waitFor(() => expect(toasts()).toContain('Výjezd byl založen'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ resourceId: 102, eventId: 1, move: true });
  });

  it('a unit may not move another base’s vehicle; the button is disabled', async () => {
    await open();
    await userEvent.click(screen.getByText('Inspektor Škoda Kodiaq BRN'));
    expect(within(screen.getByTestId('vehicle-detail')).getByRole('button', { name: 'Přesunout' })).toBeDisabled();
  });

  it('a vehicle whose job is on a closed event is free: Nasadit, never Přesunout; POST without move', async () => {
    // a job left open on closed event 9 (data from before issue 12): the bundle has no event 9 (inactive)
    const stuck = makeResource(106, { name: 'Bravo CAS PHA', event: 9, eventJob: 509, status: 1 });
    useEntitiesStore.getState().applyBundle({ resources: [stuck] });
    const closedJob = { id: 509, eventId: 9, eventJobStatusId: 18, eventCode: 'PLZ-2025-0233', eventTitle: 'Strom' };
    const { calls } = mockFetch({
      'GET /v2/resources': () => ({
        status: 200,
        body: [...FLEET, overview(stuck, { ...closedJob, eventActive: false })],
      }),
      'POST /v2/event-jobs': () => ({ status: 201, body: makeJob(606, { resourceId: 106 }) }),
    });
    renderUi(<DeploymentDialog event={event} open onClose={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('vehicle-row')).toHaveLength(5));
    expect(screen.queryByText('PLZ-2025-0233')).toBeNull();
    await userEvent.click(screen.getByText('Bravo CAS PHA'));
    const detail = screen.getByTestId('vehicle-detail');
    expect(within(detail).queryByRole('button', { name: 'Přesunout' })).toBeNull();
    await userEvent.click(within(detail).getByRole('button', { name: 'Nasadit' }));
    await waitFor(() => expect(toasts()).toContain('Výjezd byl založen'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      uuid: expect.any(String),
      eventId: 1,
      resourceId: 106,
    });
  });

  it('ends the deployment here after the confirmation; saves status and ETA', async () => {
    const { calls } = await open({
      'PUT /v2/event-jobs/503': (init) => ({
        status: 200,
        body: makeJob(503, { resourceId: 103, ...JSON.parse(String(init.body)) }),
      }),
    });
    await userEvent.click(screen.getByText('CAS Tatra PHA'));
    const detail = screen.getByTestId('vehicle-detail');
    const eta = within(detail).getByRole('textbox', { name: 'Příjezd (DD.MM.YYYY HH:mm)' });
    expect(eta).toHaveValue('01.06.2025 11:50');
    await userEvent.clear(eta);
    await userEvent.type(eta, '01.06.2025 12:15');
    await userEvent.click(within(detail).getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ arriveAt: '2025-06-01 12:15:00' });

    await userEvent.click(
      within(screen.getByTestId('vehicle-detail')).getByRole('button', { name: 'Ukončit nasazení' }),
    );
    expect(screen.getByText('Chcete opravdu ukončit nasazení této techniky?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ano' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toEqual({ eventJobStatusId: 20 });
  });

  it('a refused write shows "Chyba při ukládání výjezdu" with the reason', async () => {
    await open({
      'POST /v2/event-jobs': () => ({
        status: 422,
        body: [{ field: 'resourceId', message: 'Technika zasahuje u jiné události!' }],
      }),
    });
    await userEvent.click(screen.getByText('Alfa CAS BRN'));
    await userEvent.click(within(screen.getByTestId('vehicle-detail')).getByRole('button', { name: 'Nasadit' }));
    await waitFor(() => expect(toasts()).toContain('Chyba při ukládání výjezdu: Technika zasahuje u jiné události!'));
  });
});

describe('vehicle model', () => {
  const src = { types: TYPES, bases: BASES, resources: {}, jobs: {}, events: {} };
  it('the bundle overrides a fetched vehicle (a push while the dialog is open)', () => {
    const live = { ...drone, event: 1, eventJob: 700 };
    const [row] = overviewRows([overview(drone)], { ...src, resources: { 101: live } }, 1, NOW);
    expect(row.deployment).toBe('here');
    expect(row.job).toMatchObject({ id: 700, eventId: 1 });
    const [free] = overviewRows(
      [FLEET[1]],
      { ...src, resources: { 102: { ...inspector, event: null, eventJob: null } } },
      1,
      NOW,
    );
    expect(free.deployment).toBe('free');
  });
  it('a job on a closed or removed event leaves the vehicle free; an event the bundle knows is active', () => {
    const job = { id: 509, eventId: 9, eventJobStatusId: 18, eventCode: 'X', eventTitle: null };
    const stuck = makeResource(106, { event: 9, eventJob: 509 });
    const [closed] = overviewRows([overview(stuck, { ...job, eventActive: false })], src, 1, NOW);
    expect(closed).toMatchObject({ deployment: 'free', job: null, eventLabel: '' });
    const [open] = overviewRows([overview(stuck, { ...job, eventActive: true })], src, 1, NOW);
    expect(open.deployment).toBe('elsewhere');
    // the bundle keeps only active events: one it knows wins over a stale fetched flag
    const known = { ...src, events: { 9: { code: 'X', header: makeEvent(9).header } } };
    const [live] = overviewRows([overview(stuck, { ...job, eventActive: false })], known, 1, NOW);
    expect(live.deployment).toBe('elsewhere');
  });
  it('a vehicle on an event the user does not see is busy elsewhere without ids (issue 24 item 12)', () => {
    const hidden = makeResource(107, { baseId: 4, baseCode: 'BRN', event: null, eventJob: null, hiddenJob: true });
    const [row] = overviewRows([overview(hidden)], src, 1, NOW);
    expect(row).toMatchObject({ deployment: 'elsewhere', job: null, eventLabel: 'jiná událost' });
  });
  it('filters and sorts without touching the input', () => {
    const rows = overviewRows(FLEET, src, 1, NOW);
    expect(filterRows(rows, { drone: true, inspector: false, text: '' }).map((r) => r.id)).toEqual([101]);
    expect(filterRows(rows, { drone: false, inspector: false, text: 'PHA-2025' }).map((r) => r.id)).toEqual([103]);
    expect(sortRows(rows, 'status', 'desc').map((r) => r.id)).toEqual([101, 103, 102, 104]);
    expect(rows.map((r) => r.id)).toEqual([101, 102, 103, 104]);
  });
});
