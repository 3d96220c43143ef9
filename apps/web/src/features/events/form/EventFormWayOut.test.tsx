/**
 * The new-event form keeps its way out (issue 24 item 3), and the form's clauses of 000 §2/§4 that no test held
 * (issue 24 item 20): the guide panel, the tag list, a service that sets the event type, the form beside the
 * event's chat tabs, the read-only detail with tag chips.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../../test/utils';
import { EventDetailPanel } from '../detail/EventDetailPanel';
import { EventReadOnly } from '../detail/EventReadOnly';
import { categoryAction, categoryInput, eventCategory } from '@panel/domain/events/testing';

/** The demo's shapes: a call with a required phone, a chat without a category input or a create action. */
const call = eventCategory(7, {
  name: 'Příjem volání',
  type: 'call',
  inputs: {
    eventCategoryId: categoryInput({ label: 'Kategorie', sort: 1 }),
    reporterNumber: categoryInput({ label: 'Telefon volajícího', sort: 2, required: 1 }),
    description: categoryInput({ label: 'Obsah hovoru', sort: 5 }),
  },
  actions: { create: categoryAction('Založit'), update: categoryAction('Uložit') },
});
const chat = eventCategory(9, {
  name: 'Chat jednotky',
  type: 'chat',
  inputs: {
    subject: categoryInput({ label: 'Předmět', sort: 1, required: 1 }),
    description: categoryInput({ label: 'Popis', sort: 2 }),
  },
  actions: { update: categoryAction('Uložit'), close: categoryAction('Uzavřít') },
});
const rescue = eventCategory(1, {
  name: 'Mimořádná událost',
  inputs: {
    eventCategoryId: categoryInput({ label: 'Kategorie', sort: 1 }),
    serviceId: categoryInput({ label: 'Služba', sort: 2 }),
    eventTypeId: categoryInput({ label: 'Typ události', sort: 3 }),
    description: categoryInput({ label: 'Popis události', sort: 4, required: 1, title: 'Co se stalo' }),
    address: categoryInput({ label: 'Adresa', sort: 11, required: 1 }),
  },
});

function setup() {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    userPermissions: ['event.create', 'event.update'],
    eventCategories: [eventCategory(5, { name: 'Událost' }), rescue, call, chat],
    services: [{ id: 4, name: 'Hasiči', code: 'HZS', eventTypeId: 8 }],
    eventTypes: [
      { id: 2, code: 'OTHER', name: 'Jiná', priority: 0 },
      { id: 8, code: 'FIRE', name: 'Požár', priority: 1 },
    ],
    tags: [
      { id: 1, tagCategoryId: null, code: 'CHEM', name: 'Chemie', color: '#d32f2f', options: null },
      { id: 2, tagCategoryId: null, code: 'C_SECRET', name: 'Jen centrála', color: null, options: null },
    ],
  });
}

const categoryOptions = async () => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kategorie/ }));
  const list = await screen.findByRole('listbox');
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent)
    .filter((name) => name !== '—');
};

describe('the new-event form keeps its way out (issue 24 item 3)', () => {
  beforeEach(setup);
  afterEach(() => vi.restoreAllMocks());

  it('offers only categories it can create: no chat, which has no Založit', async () => {
    act(() => void useUiStore.getState().createLocalEvent({ eventCategoryId: 7 }));
    renderUi(<EventDetailPanel />);
    expect(await categoryOptions()).toEqual(['Mimořádná událost', 'Událost', 'Příjem volání']);
  });

  it('a new event of a category without a category input still shows the selector and can leave it', async () => {
    act(() => void useUiStore.getState().createLocalEvent({ eventCategoryId: 9 }));
    renderUi(<EventDetailPanel />);
    expect(screen.getByRole('combobox', { name: /Kategorie/ })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kategorie/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Událost' }));
    expect(await screen.findByRole('button', { name: 'Založit' })).toBeInTheDocument();
    expect(useUiStore.getState().localEvents[useUiStore.getState().activeEventUuid!].eventCategoryId).toBe(5);
  });

  it("a failed Založit's list goes with a category switch; Založit then checks the new category", async () => {
    const { calls } = mockFetch({});
    act(() => void useUiStore.getState().createLocalEvent({ eventCategoryId: 7 }));
    renderUi(<EventDetailPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Vyplňte Telefon volajícího')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kategorie/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Událost' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByText('Vyplňte Telefon volajícího')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    const again = await screen.findByRole('alert');
    expect(within(again).getByText('Vyplňte Popis události')).toBeInTheDocument();
    expect(within(again).queryByText('Vyplňte Telefon volajícího')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('brings the first failing field into view and focus, also one below the fold', async () => {
    mockFetch({});
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    act(() => void useUiStore.getState().createLocalEvent({ eventCategoryId: 1 }));
    renderUi(<EventDetailPanel />);
    fireEvent.change(screen.getByRole('textbox', { name: /Popis události/ }), { target: { value: 'Požár' } });
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    expect(await screen.findByText('Vyplňte Adresa', { selector: 'li' })).toBeInTheDocument();
    await waitFor(() => expect(scrolled.at(-1)).toHaveAttribute('data-field', 'address'));
    expect(screen.getByRole('textbox', { name: /Adresa/ })).toHaveFocus();
    // each failed Založit brings it back
    const count = scrollIntoView.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    await waitFor(() => expect(scrollIntoView.mock.calls.length).toBe(count + 1));
  });
});

describe("the form's clauses of 000 §2/§4 (issue 24 item 20)", () => {
  beforeEach(setup);

  it("the guide panel lists the category's inputs, required first with their hints, and folds away", async () => {
    act(() => void useUiStore.getState().createLocalEvent({ eventCategoryId: 1 }));
    renderUi(<EventDetailPanel />);
    expect(screen.queryByLabelText('Průvodce', { selector: '[role="alert"]' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Průvodce' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const guide = await screen.findByLabelText('Průvodce', { selector: '[role="alert"]' });
    expect(within(guide).getByText('Mimořádná událost')).toBeInTheDocument();
    const items = within(guide)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.slice(0, 2)).toEqual(['Popis události *Co se stalo', 'Adresa *']);
    expect(items).toContain('Služba');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.queryByLabelText('Průvodce', { selector: '[role="alert"]' })).not.toBeInTheDocument(),
    );
  });

  it('the tag list toggles tags into the saved event; C_ tags only for the central base', async () => {
    const { calls } = mockFetch({
      'POST /v2/events': ({ body }) => ({
        status: 201,
        body: makeEvent(40, { ...JSON.parse(String(body)), id: 40, baseId: 3 }),
      }),
    });
    act(() => void useUiStore.getState().createLocalEvent());
    renderUi(<EventDetailPanel />);
    const tags = screen.getByLabelText('Štítky');
    expect(within(tags).queryByText('Jen centrála')).not.toBeInTheDocument();
    fireEvent.click(within(tags).getByText('Chemie'));
    fireEvent.change(screen.getByRole('textbox', { name: /Popis události/ }), { target: { value: 'Únik' } });
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as { eventToTags: number[] }).eventToTags).toEqual([1]);
  });

  it('choosing a service sets the event type from it (000 §4)', async () => {
    act(() => void useUiStore.getState().createLocalEvent({ eventCategoryId: 1 }));
    renderUi(<EventDetailPanel />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Služba/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hasiči' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Typ události/ })).toHaveTextContent('Požár'));
  });

  it("a saved event's form sits beside its chat tabs, one per conversation", () => {
    useEntitiesStore.getState().applyBundle({
      eventCategories: [eventCategory(5, { tabs: ['messages', 'settings'] })],
      events: [
        makeEvent(9, {
          baseId: 3,
          version: 1,
          conversations: [
            { id: 1, messageCategoryId: 1, type: 1 },
            { id: 2, messageCategoryId: 2, type: 2 },
          ] as never,
        }),
      ],
    });
    mockFetch({
      'GET /v2/messages/event/9': () => ({ status: 200, body: {} }),
      'POST /v2/messages/event/9/read': () => ({ status: 200, body: { result: true } }),
    });
    useUiStore.getState().setActiveEvent('uuid-9');
    renderUi(<EventDetailPanel />);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Operační', 'Dispečerský', 'Další nastavení']);
    fireEvent.click(screen.getByRole('tab', { name: 'Další nastavení' }));
    expect(screen.getByRole('form', { name: 'Formulář události' })).toBeInTheDocument();
  });

  it('the read-only detail shows label and value of each input and the tag chips', () => {
    useEntitiesStore.getState().applyBundle({ eventCategories: [rescue] });
    renderUi(
      <EventReadOnly
        event={makeEvent(9, {
          eventCategoryId: 1,
          serviceId: 4,
          eventTypeId: 8,
          description: 'Hoří vagon',
          eventToTags: [1, 2],
        })}
      />,
    );
    const detail = screen.getByTestId('event-readonly');
    const pairs = within(detail)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual([
      'Kategorie: Mimořádná událost',
      'Služba: Hasiči',
      'Typ události: Požár',
      'Popis události: Hoří vagon',
      'Adresa: —',
    ]);
    const chips = within(screen.getByLabelText('Štítky'));
    expect(chips.getByText('Chemie')).toBeInTheDocument();
    expect(chips.queryByText('Jen centrála')).not.toBeInTheDocument(); // C_ only for the central base
    expect(detail.querySelector('input, textarea')).toBeNull();
  });
});
