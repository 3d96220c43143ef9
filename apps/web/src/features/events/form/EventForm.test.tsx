import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../../test/utils';
import { EventDetailPanel } from '../detail/EventDetailPanel';
import { categoryAction, categoryInput, eventCategory } from '@panel/domain/events/testing';

function setup() {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    userPermissions: ['event.create', 'event.update'],
    eventCategories: [eventCategory(5), eventCategory(1, { defaultValues: { eventTypeId: 7, priorityId: 3 } })],
    // the ISPO lock reads the tag's settings (issue 12 item 11)
    tags: [
      {
        id: 1,
        tagCategoryId: null,
        code: 'ISPO',
        name: 'ISPO',
        color: null,
        options: { locked: ['description', 'subject'] },
      },
    ],
  });
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('EventForm', () => {
  beforeEach(setup);

  it('lists the validation errors under the notice and calls nothing', async () => {
    const { calls } = mockFetch({});
    act(() => void useUiStore.getState().createLocalEvent());
    renderUi(<EventDetailPanel />);
    fill(/Konec/, '01.01.2000 10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Prosím opravte následujích chyby:');
    expect(within(notice).getByText('Vyplňte Popis události')).toBeInTheDocument();
    expect(within(notice).getByText('Chybné datum Konec')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('the notice follows the fields once shown: a fixed field leaves it, the last fix removes it', async () => {
    mockFetch({});
    act(() => void useUiStore.getState().createLocalEvent());
    renderUi(<EventDetailPanel />);
    fill(/Konec/, '01.01.2000 10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Vyplňte Popis události')).toBeInTheDocument();
    fill(/Popis události/, 'Požár');
    await waitFor(() => expect(within(notice).queryByText('Vyplňte Popis události')).not.toBeInTheDocument());
    expect(within(notice).getByText('Chybné datum Konec')).toBeInTheDocument();
    // emptied again: back in the list
    fill(/Popis události/, '');
    await waitFor(() => expect(within(notice).getByText('Vyplňte Popis události')).toBeInTheDocument());
    fill(/Popis události/, 'Požár');
    fill(/Konec/, '');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("'Uložit' and 'Uzavřít' answer with a toast", async () => {
    useEntitiesStore.getState().applyBundle({
      eventCategories: [
        eventCategory(5, {
          actions: {
            update: categoryAction('Uložit'),
            close: categoryAction('Uzavřít'),
            remove: categoryAction('Odebrat'),
          },
        }),
      ],
      events: [makeEvent(9, { baseId: 3, description: 'Původní', version: 1 })],
    });
    mockFetch({
      'PUT /v2/events/9': ({ body }) => ({
        status: 200,
        body: makeEvent(9, { baseId: 3, description: 'Původní', ...JSON.parse(String(body)), version: 2 }),
      }),
    });
    useUiStore.getState().setActiveEvent('uuid-9');
    renderUi(<EventDetailPanel />);
    fill(/Popis události/, 'Nový popis');
    fireEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(await screen.findByText('Událost byla uložena')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Uzavřít' }));
    const confirm = screen.queryByRole('dialog');
    if (confirm) fireEvent.click(within(confirm).getAllByRole('button').at(-1)!);
    expect(await screen.findByText('Událost byla uzavřena')).toBeInTheDocument();
  });

  it('creates: upper-cased reporter, empty texts null, toast and upsert', async () => {
    const { calls } = mockFetch({
      'POST /v2/events': ({ body }) => ({
        status: 201,
        body: makeEvent(40, { ...JSON.parse(String(body)), id: 40, baseId: 3 }),
      }),
    });
    act(() => void useUiStore.getState().createLocalEvent());
    renderUi(<EventDetailPanel />);
    fireEvent.change(screen.getByRole('combobox', { name: /Jméno oznamovatele/ }), { target: { value: 'jan novák' } });
    fill(/Popis události/, 'Požár');
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    expect(await screen.findByText('Událost byla založena')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body.reporterName).toBe('JAN NOVÁK');
    expect(body.investigator).toBeNull();
    expect(body.subject).toBeNull();
    expect(body.description).toBe('Požár');
    expect(useEntitiesStore.getState().events[40]?.uuid).toBe(body.uuid);
    expect(useUiStore.getState().activeEventUuid).toBe(body.uuid);
    expect(useUiStore.getState().localEvents).toEqual({});
  });

  it('a category change on an unsaved event applies its defaults and start now', async () => {
    const local = useUiStore.getState().createLocalEvent({ start: '2020-01-01 10:00:00' });
    useUiStore.getState().updateLocalEvent(local.uuid, { start: '2020-01-01 10:00:00' });
    renderUi(<EventDetailPanel />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kategorie/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Kat 1' }));
    const next = useUiStore.getState().localEvents[local.uuid];
    expect(next.eventCategoryId).toBe(1);
    expect(next.eventTypeId).toBe(7);
    expect(next.priorityId).toBe(3);
    expect(next.start).not.toBe('2020-01-01 10:00:00');
  });

  it("locks the inputs the ISPO tag's settings list, not the others", () => {
    useEntitiesStore.getState().applyBundle({ events: [makeEvent(9, { baseId: 3, eventToTags: [1], version: 1 })] });
    useUiStore.getState().setActiveEvent('uuid-9');
    renderUi(<EventDetailPanel />);
    expect(screen.getByRole('textbox', { name: /Popis události/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Předmět/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Vyšetřovatel/ })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: /Jméno oznamovatele/ })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: /Kategorie/ })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Odebrat' })).toBeDisabled();
  });

  describe('the category select offers only allowed categories (000 §6)', () => {
    const withCentralOnly = () =>
      useEntitiesStore.getState().applyBundle({
        eventCategories: [
          eventCategory(5),
          eventCategory(1),
          eventCategory(14, { toggleCategoryIds: [15] }),
          eventCategory(15, { toggleCategoryIds: [14] }),
          // a category the unit could not edit: every input readonly
          eventCategory(20, {
            inputs: { description: categoryInput({ label: 'Popis události', sort: 1, readonly: 1 }) },
          }),
        ],
        events: [makeEvent(9, { baseId: 3, eventCategoryId: 5, version: 1 })],
      });
    const offered = async () => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kategorie/ }));
      const list = await screen.findByRole('listbox');
      return within(list)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .filter((name) => name !== '—'); // the empty choice
    };

    it('a unit: not 14, 15 nor a category it could then not edit', async () => {
      withCentralOnly();
      useUiStore.getState().setActiveEvent('uuid-9');
      renderUi(<EventDetailPanel />);
      expect(await offered()).toEqual(['Kat 1', 'Kat 5']);
    });

    it('the central base: all of them', async () => {
      useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, baseId: 2 } });
      withCentralOnly();
      useEntitiesStore
        .getState()
        .applyBundle({ events: [makeEvent(9, { baseId: 2, eventCategoryId: 5, version: 1 })] });
      useUiStore.getState().setActiveEvent('uuid-9');
      renderUi(<EventDetailPanel />);
      expect(await offered()).toEqual(['Kat 1', 'Kat 5', 'Kat 14', 'Kat 15', 'Kat 20']);
    });
  });

  it('shows what changed on a 409 and takes theirs', async () => {
    const current = makeEvent(9, { baseId: 3, description: 'Jejich popis', version: 2 });
    const { calls } = mockFetch({
      'PUT /v2/events/9': () => ({ status: 409, body: { message: 'conflict', current } }),
    });
    useEntitiesStore
      .getState()
      .applyBundle({ events: [makeEvent(9, { baseId: 3, description: 'Původní', version: 1 })] });
    useUiStore.getState().setActiveEvent('uuid-9');
    renderUi(<EventDetailPanel />);
    fill(/Popis události/, 'Můj popis');
    fireEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    const dialog = await screen.findByRole('dialog');
    // only what the user changed travels, with the version the edit started from
    expect(calls[0].body).toEqual({ version: 1, description: 'Můj popis' });
    const row = within(dialog).getByText('Popis události').closest('tr')!;
    expect(row).toHaveTextContent('Můj popis');
    expect(row).toHaveTextContent('Jejich popis');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Převzít jejich' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Popis události/ })).toHaveValue('Jejich popis'));
  });

  it('a newer version from the server never replaces what the user typed; an untouched form follows it', async () => {
    useEntitiesStore
      .getState()
      .applyBundle({ events: [makeEvent(9, { baseId: 3, description: 'Původní', subject: 'A', version: 1 })] });
    useUiStore.getState().setActiveEvent('uuid-9');
    renderUi(<EventDetailPanel />);
    const subject = () => screen.getByRole('textbox', { name: /Předmět/ });
    const description = () => screen.getByRole('textbox', { name: /Popis události/ });

    // untouched: a push brings version 2 and the form shows it
    act(() =>
      useEntitiesStore
        .getState()
        .applyBundle({ events: [makeEvent(9, { baseId: 3, description: 'Verze 2', subject: 'A', version: 2 })] }),
    );
    await waitFor(() => expect(description()).toHaveValue('Verze 2'));

    // typed: version 3 arrives, the typing stays (the save will meet the 409 dialog)
    fill(/Předmět/, 'Moje úprava');
    act(() =>
      useEntitiesStore
        .getState()
        .applyBundle({ events: [makeEvent(9, { baseId: 3, description: 'Verze 3', subject: 'B', version: 3 })] }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(subject()).toHaveValue('Moje úprava');
    expect(description()).toHaveValue('Verze 2');
  });

  it('offers the merge dialog for an active event within 15 m', async () => {
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, groups: ['COIS'] } });
    useEntitiesStore.getState().applyBundle({
      events: [makeEvent(5, { targetLatitude: 50.0, targetLongitude: 14.0 })],
    });
    act(() => void useUiStore.getState().createLocalEvent({ targetLatitude: 50.0001, targetLongitude: 14.0 }));
    mockFetch({});
    renderUi(<EventDetailPanel />);
    fill(/Popis události/, 'Požár');
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    expect(
      await screen.findByText('Ve vzdálenosti 11m je již evidována událost. Sloučit s touto událostí?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Připojit' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Zpět' }));
    await waitFor(() => expect(screen.queryByText(/Ve vzdálenosti/)).not.toBeInTheDocument());
  });

  it('outside group COIS (no right to link) creates at once without the merge dialog', async () => {
    useEntitiesStore.getState().applyBundle({
      events: [makeEvent(5, { targetLatitude: 50.0, targetLongitude: 14.0 })],
    });
    act(() => void useUiStore.getState().createLocalEvent({ targetLatitude: 50.0001, targetLongitude: 14.0 }));
    const { calls } = mockFetch({
      'POST /v2/events': () => ({
        status: 201,
        body: makeEvent(6, { targetLatitude: 50.0001, targetLongitude: 14.0 }),
      }),
    });
    renderUi(<EventDetailPanel />);
    fill(/Popis události/, 'Požár');
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/v2/events')).toBe(true));
    expect(screen.queryByText(/Ve vzdálenosti/)).not.toBeInTheDocument();
  });
});
