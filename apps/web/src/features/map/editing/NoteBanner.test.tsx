/** The note banner (001 §2): one description field (2–5 rows, 'popis...'), Uložit / Zrušit, create and edit. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useToastStore } from '../../../ui/toasts';
import { mockFetch, renderUi, resetStores } from '../../../test/utils';
import { useEditingStore } from './editingStore';
import { NoteBanner } from './NoteBanner';

const openNew = () =>
  useEditingStore.getState().set({
    note: { id: null, uuid: 'note-uuid-1', eventId: 10, eventUuid: 'uuid-10', lonLat: [14.5, 50.1], content: '' },
  });

beforeEach(() => {
  resetStores();
  useEditingStore.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('NoteBanner', () => {
  it('is hidden until a note is opened', () => {
    renderUi(<NoteBanner />);
    expect(screen.queryByTestId('note-banner')).toBeNull();
  });

  it('one multiline field with the placeholder; Uložit disabled while empty; saves a new note with its uuid', async () => {
    const { calls } = mockFetch({
      'POST /v2/event-objects': ({ body }) => ({
        status: 201,
        body: { id: 77, sequence: 1, eventUuid: 'uuid-10', ...JSON.parse(String(body)) },
      }),
    });
    openNew();
    renderUi(<NoteBanner />);
    const field = screen.getByPlaceholderText('popis...');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.getAttribute('rows') ?? '2').toBe('2');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    const save = screen.getByRole('button', { name: 'Uložit' });
    expect(save).toBeDisabled();
    fireEvent.change(field, { target: { value: '  Vstup od ulice  ' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(useEditingStore.getState().note).toBeNull());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/v2/event-objects',
      body: { uuid: 'note-uuid-1', eventId: 10, longitude: 14.5, latitude: 50.1, content: 'Vstup od ulice' },
    });
    expect(useEntitiesStore.getState().eventObjects[77]).toMatchObject({ content: 'Vstup od ulice' });
  });

  it('a failed save keeps the banner and the text, and tells why', async () => {
    mockFetch({
      'POST /v2/event-objects': () => ({
        status: 422,
        body: [{ field: 'content', message: 'Zadejte popis poznámky.' }],
      }),
    });
    openNew();
    renderUi(<NoteBanner />);
    fireEvent.change(screen.getByPlaceholderText('popis...'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'Poznámku se nepodařilo uložit: Zadejte popis poznámky.',
      ),
    );
    expect(useEditingStore.getState().note).not.toBeNull();
    expect(screen.getByPlaceholderText('popis...')).toHaveValue('x');
  });

  it('edits an existing note (PUT content) and offers Smazat; Zrušit closes without a call', async () => {
    const { calls } = mockFetch({
      'PUT /v2/event-objects/5': () => ({
        status: 200,
        body: {
          id: 5,
          uuid: 'n5',
          eventId: 10,
          eventUuid: 'uuid-10',
          sequence: 1,
          longitude: 14,
          latitude: 50,
          content: 'Nový',
        },
      }),
    });
    useEditingStore.getState().set({
      note: { id: 5, uuid: 'n5', eventId: 10, eventUuid: 'uuid-10', lonLat: [14, 50], content: 'Starý' },
    });
    renderUi(<NoteBanner />);
    expect(screen.getByPlaceholderText('popis...')).toHaveValue('Starý');
    expect(screen.getByRole('button', { name: 'Smazat' })).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('popis...'), { target: { value: 'Nový' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(useEditingStore.getState().note).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /v2/event-objects/5']);
    expect(calls[0].body).toEqual({ content: 'Nový' });

    openNew();
    await screen.findByTestId('note-banner');
    fireEvent.click(screen.getByRole('button', { name: 'Zrušit' }));
    expect(useEditingStore.getState().note).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
