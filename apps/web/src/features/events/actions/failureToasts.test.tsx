/**
 * The failure toasts of 000 §8 for the event's own writes (issue 24 item 20): 'Chyba při tvorbě udádolsti:
 * {error}' (create), 'Chyba při ukládání události: …' (update), 'Chyba při ukládání události do fronty Spojaře'
 * (queue). Each keeps what the user typed and changes nothing in the store.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../../test/utils';
import { EventDetailPanel } from '../detail/EventDetailPanel';
import { categoryAction, eventCategory } from '@panel/domain/events/testing';

const saved = makeEvent(9, { baseId: 3, description: 'Původní', version: 1 });

beforeEach(() => {
  resetStores();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  useAuthStore.getState().login(demoLogin);
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    userPermissions: ['event.create', 'event.update'],
    eventCategories: [
      eventCategory(5, {
        actions: {
          create: categoryAction('Založit'),
          update: categoryAction('Uložit'),
          queue: categoryAction('Do fronty'),
        },
      }),
    ],
    events: [saved],
  });
});

const description = () => screen.getByRole('textbox', { name: /Popis události/ }) as HTMLInputElement;

describe('failure toasts of the event writes', () => {
  it("a failed create: 'Chyba při tvorbě udádolsti: {error}', the local event stays as typed", async () => {
    mockFetch({ 'POST /v2/events': () => ({ status: 500, body: { message: 'Databáze neodpovídá' } }) });
    act(() => void useUiStore.getState().createLocalEvent());
    renderUi(<EventDetailPanel />);
    fireEvent.change(description(), { target: { value: 'Požár' } });
    fireEvent.click(screen.getByRole('button', { name: 'Založit' }));
    expect(await screen.findByText('Chyba při tvorbě udádolsti: Databáze neodpovídá')).toBeInTheDocument();
    expect(screen.queryByText('Událost byla založena')).toBeNull();
    expect(Object.keys(useUiStore.getState().localEvents)).toHaveLength(1);
    expect(description().value).toBe('Požár');
  });

  it("a failed update: 'Chyba při ukládání události: {error}', the form keeps the new text", async () => {
    mockFetch({
      'PUT /v2/events/9': () => ({ status: 422, body: [{ field: 'description', message: 'Popis je příliš dlouhý' }] }),
    });
    useUiStore.getState().setActiveEvent(saved.uuid);
    renderUi(<EventDetailPanel />);
    fireEvent.change(description(), { target: { value: 'Nový popis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(await screen.findByText('Chyba při ukládání události: Popis je příliš dlouhý')).toBeInTheDocument();
    expect(description().value).toBe('Nový popis');
    expect(useEntitiesStore.getState().events[9]?.description).toBe('Původní');
  });

  it("a failed queue: 'Chyba při ukládání události do fronty Spojaře'", async () => {
    const { calls } = mockFetch({ 'POST /v2/events/9/queue': () => ({ status: 502, body: { message: 'x' } }) });
    useUiStore.getState().setActiveEvent(saved.uuid);
    renderUi(<EventDetailPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Do fronty' }));
    const confirm = screen.queryByRole('dialog');
    if (confirm) fireEvent.click(confirm.querySelectorAll('button')[confirm.querySelectorAll('button').length - 1]);
    expect(await screen.findByText('Chyba při ukládání události do fronty Spojaře')).toBeInTheDocument();
    expect(screen.queryByText('Odesílám událost do Spojaře')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /v2/events/9/queue');
  });
});
