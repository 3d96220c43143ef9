import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventContact } from '@panel/domain/sync';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { renderUi, resetStores } from '../../test/utils';
import { ContactsTab } from './ContactsTab';
import { contact, fetchTable, seedContacts } from './testSetup';

const typeInto = (name: string, value: string) => {
  const input = document.querySelector<HTMLInputElement>(`[data-testid="contact-form"] input[name="${name}"]`)!;
  fireEvent.change(input, { target: { value } });
};

describe('ContactsTab', () => {
  beforeEach(() => resetStores());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists contacts by priority with type name, formatted numbers and tel: links', () => {
    const event = seedContacts({
      contacts: [
        contact(1, { name: 'Oznamovatel', number: '972226150', priority: 40, contactTypeName: 'Oznamovatel' }),
        contact(2, {
          name: 'npor. Beneš',
          number: '725341880',
          priority: 100,
          contactTypeId: 22,
          contactTypeName: 'Velitel zásahu',
          title: 'Velitel zásahu',
        }),
        contact(3, { name: 'Výpravčí', number: '972226100', priority: 30, custom: 0, editable: 0 }),
      ],
    });
    renderUi(<ContactsTab event={event} />);
    const rows = screen.getAllByTestId('contact-row');
    expect(rows.map((r) => r.getAttribute('data-contact-id'))).toEqual(['2', '1', '3']);
    expect(within(rows[0]).getByText('725 341 880')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', 'tel:725341880');
    expect(within(rows[0]).getByText('Velitel zásahu')).toBeInTheDocument();
    // SMS only for mobile numbers, the menu only for custom contacts
    expect(within(rows[0]).getByTestId('contact-send')).toBeInTheDocument();
    expect(within(rows[1]).queryByTestId('contact-send')).toBeNull();
    expect(within(rows[2]).queryByTestId('contact-edit')).toBeNull();
    expect(within(rows[1]).getByTestId('contact-edit')).toBeInTheDocument();
    expect(screen.getByTestId('contact-add')).toBeInTheDocument();
  });

  it("shows 'žádné kontakty'; no add button for a call category or without create EventContact", () => {
    const event = seedContacts({ categoryType: 'call' });
    const { unmount } = renderUi(<ContactsTab event={event} />);
    expect(screen.getByText('žádné kontakty')).toBeInTheDocument();
    expect(screen.queryByTestId('contact-add')).toBeNull();
    unmount();
    const other = seedContacts({ permissions: [] });
    useEntitiesStore.getState().applyBundle({ eventRoles: [] });
    renderUi(<ContactsTab event={other} />);
    expect(screen.queryByTestId('contact-add')).toBeNull();
    expect(screen.queryByTestId('open-commander-dialog')).toBeNull();
  });

  it('creates a contact: the form rules first, then POST /v2/event-contacts and Kontakt byl uložen', async () => {
    const event = seedContacts();
    const calls = fetchTable({
      'POST /v2/event-contacts': (call) => ({
        status: 201,
        body: contact(50, { name: (call.body as { name: string }).name, number: '602445118' }),
      }),
    });
    renderUi(<ContactsTab event={event} />);
    fireEvent.click(screen.getByTestId('contact-add'));
    const form = await screen.findByTestId('contact-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Vytvořit' }));
    expect(await within(form).findAllByText('Prosím vyplňte')).toHaveLength(2);
    typeInto('name', 'Jan Novák');
    typeInto('number', '60244a118');
    fireEvent.click(within(form).getByRole('button', { name: 'Vytvořit' }));
    expect(await within(form).findByText('Toto pole musí obsahovat jen číslice')).toBeInTheDocument();
    typeInto('number', '60244511');
    fireEvent.click(within(form).getByRole('button', { name: 'Vytvořit' }));
    expect(await within(form).findByText('Vložte devítimístné telefonní číslo')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    typeInto('number', '+420 602 445 118');
    fireEvent.click(within(form).getByRole('button', { name: 'Vytvořit' }));
    expect(await screen.findByText('Kontakt byl uložen')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ eventId: 1, eventUuid: 'uuid-1', name: 'Jan Novák', number: '+420 602 445 118' });
    expect((post.body as { uuid: string }).uuid).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(1));
    expect(screen.getByText('602 445 118')).toBeInTheDocument();
  });

  it("shows the server's 422 at the field (a duplicate number)", async () => {
    const event = seedContacts();
    fetchTable({
      'POST /v2/event-contacts': () => ({
        status: 422,
        body: [{ field: 'number', message: 'Toto číslo už je v seznamu kontaktů události.' }],
      }),
    });
    renderUi(<ContactsTab event={event} />);
    fireEvent.click(screen.getByTestId('contact-add'));
    await screen.findByTestId('contact-form');
    typeInto('name', 'Jan');
    typeInto('number', '725341880');
    fireEvent.click(screen.getByRole('button', { name: 'Vytvořit' }));
    expect(await screen.findByText('Toto číslo už je v seznamu kontaktů události.')).toBeInTheDocument();
  });

  it('edits, sets as commander and deletes from the menu form', async () => {
    const mine = contact(7, { name: 'Josef', number: '725111222' });
    const event = seedContacts({ contacts: [mine] });
    const calls = fetchTable({
      'POST /v2/event-contacts': (call) => ({ status: 200, body: { ...mine, ...(call.body as object) } }),
      'DELETE /v2/event-contacts/7': () => ({ status: 200, body: { result: true } }),
    });
    renderUi(<ContactsTab event={event} />);
    fireEvent.click(screen.getByTestId('contact-edit'));
    const form = await screen.findByTestId('contact-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Kontakt na VZ' }));
    const posts = () => calls.filter((c) => c.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ id: 7, contactTypeId: 22, title: 'Velitel zásahu', name: 'Josef' });

    fireEvent.click(screen.getByTestId('contact-edit'));
    const again = await screen.findByTestId('contact-form');
    fireEvent.click(within(again).getByRole('button', { name: 'Smazat' }));
    await waitFor(() => expect(screen.queryAllByTestId('contact-row')).toHaveLength(0));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/v2/event-contacts/7']);
    // the directory search of the focused name field answered 404 here: no error shown (the success
    // notices may already have hidden themselves on a slow machine, so none at all is fine too)
    const notices = screen.queryAllByRole('alert').map((a) => a.textContent);
    expect(notices.every((n) => n === 'Kontakt byl uložen' || n === 'Kontakt byl smazán')).toBe(true);
  });

  it('autocompletes from the directory 300 ms after typing; failures are silent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const event = seedContacts();
    const calls = fetchTable({
      'GET /v2/contacts': () => ({
        status: 200,
        body: [{ id: 1, name: 'Dispečer SŽ Praha', number: '972241111', description: 'CDP' }],
      }),
    });
    renderUi(<ContactsTab event={event} />);
    fireEvent.click(screen.getByTestId('contact-add'));
    await screen.findByTestId('contact-form');
    const input = document.querySelector<HTMLInputElement>('[data-testid="contact-form"] input[name="name"]')!;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'disp' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(calls.filter((c) => c.url.startsWith('/v2/contacts'))).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    expect(calls.find((c) => c.url.startsWith('/v2/contacts'))?.url).toBe(
      '/v2/contacts?name=disp&fields=id,number,name,description',
    );
    fireEvent.click(await screen.findByText(/Dispečer SŽ Praha/));
    const number = document.querySelector<HTMLInputElement>('[data-testid="contact-form"] input[name="number"]')!;
    expect(number.value).toBe('972241111');
    expect(input.value).toBe('Dispečer SŽ Praha');
  });
});

export type { EventContact };
