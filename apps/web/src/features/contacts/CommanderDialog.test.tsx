import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { renderUi, resetStores } from '../../test/utils';
import { EventHead } from '../events/head/EventHead';
import { CommanderDialog } from './CommanderDialog';
import { contact, fetchTable, seedContacts } from './testSetup';

describe('CommanderDialog', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('sets a listed contact as commander through the name dialog (Zpět / Nastavit)', async () => {
    const device = contact(3, {
      name: 'Mobil velitele',
      number: '733104729',
      deviceId: 9,
      custom: 0,
      contactTypeId: 5,
    });
    const event = seedContacts({ contacts: [device] });
    const calls = fetchTable({
      'POST /v2/event-contacts': (call) => ({ status: 200, body: { ...device, ...(call.body as object) } }),
    });
    const onClose = vi.fn();
    renderUi(<CommanderDialog event={event} onClose={onClose} />);
    expect(screen.getByText('Určení kontaktu na velitele zásahu (VZ)')).toBeInTheDocument();
    expect(screen.getByText('Doplnit kontakt na VZ (v případě, že není v seznamu)')).toBeInTheDocument();
    const row = screen.getByTestId('commander-candidate');
    fireEvent.click(within(row).getByRole('button', { name: 'Kontakt na VZ' }));
    const named = await screen.findByTestId('commander-name-dialog');
    expect(within(named).getByText('Kontakt na Velitele zásahu (VZ)')).toBeInTheDocument();
    fireEvent.click(within(named).getByRole('button', { name: 'Zpět' }));
    const back = await waitFor(() =>
      within(screen.getByTestId('commander-candidate')).getByRole('button', { name: 'Kontakt na VZ' }),
    );
    fireEvent.click(back);
    const again = await screen.findByTestId('commander-name-dialog');
    fireEvent.change(within(again).getByLabelText('Jméno velitele zásahu'), { target: { value: 'kpt. Novák' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Nastavit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0].body).toEqual({ id: 3, contactTypeId: 22, title: 'Velitel zásahu', name: 'kpt. Novák' });
  });

  it('unsets a commander: type 5 with a device id, else 4, title cleared', async () => {
    const a = contact(3, { contactTypeId: 22, title: 'Velitel zásahu', deviceId: 9 });
    const b = contact(4, { contactTypeId: 22, title: 'Velitel zásahu', number: '725000111' });
    const event = seedContacts({ contacts: [a, b] });
    const calls = fetchTable({
      'POST /v2/event-contacts': (call) => ({ status: 200, body: { ...a, ...(call.body as object) } }),
    });
    renderUi(<CommanderDialog event={event} onClose={() => undefined} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Odebrat z VZ' })[0]);
    await waitFor(() => expect(calls).toHaveLength(1));
    const next = await waitFor(() => {
      const [button] = screen.getAllByRole('button', { name: 'Odebrat z VZ' });
      expect(button).toBeEnabled();
      return button;
    });
    fireEvent.click(next);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.body)).toEqual([
      { id: 3, contactTypeId: 5, title: null },
      { id: 4, contactTypeId: 4, title: null },
    ]);
  });

  it('adds a commander not in the list: number rules, then a name, then a new contact of the resolver type', async () => {
    const event = seedContacts();
    const calls = fetchTable({
      'POST /v2/event-contacts': () => ({ status: 201, body: contact(60, { contactTypeId: 22 }) }),
    });
    renderUi(<CommanderDialog event={event} onClose={() => undefined} />);
    const number = document.querySelector<HTMLInputElement>('input[name="commanderNumber"]')!;
    fireEvent.change(number, { target: { value: '7253' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kontakt na VZ' }));
    expect(await screen.findByText('Vložte devítimístné telefonní číslo')).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '725 300 200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kontakt na VZ' }));
    const named = await screen.findByTestId('commander-name-dialog');
    fireEvent.click(within(named).getByRole('button', { name: 'Nastavit' }));
    expect(await within(named).findByText('Prosím vyplňte')).toBeInTheDocument();
    fireEvent.change(within(named).getByLabelText('Jméno velitele zásahu'), { target: { value: 'por. Urban' } });
    fireEvent.click(within(named).getByRole('button', { name: 'Nastavit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({
      eventId: 1,
      number: '725300200',
      name: 'por. Urban',
      contactTypeId: 22,
      title: 'Velitel zásahu',
    });
  });
});

describe('event head: commander (000 §2)', () => {
  beforeEach(() => resetStores());

  it('the missing-commander warning opens the VZ dialog; commanders are shown once set', async () => {
    const event = seedContacts();
    renderUi(<EventHead event={event} />);
    fireEvent.click(screen.getByText('Určete kontakt na velitele zásahu'));
    expect(await screen.findByTestId('commander-dialog')).toBeInTheDocument();
    useEntitiesStore.getState().applyBundle({
      eventContacts: [
        contact(5, { contactTypeId: 22, title: 'Velitel zásahu', name: 'npor. Beneš', number: '725341880' }),
      ],
    });
    expect(await screen.findByText(/npor. Beneš 725 341 880/)).toBeInTheDocument();
  });

  it('no warning in state 14 or without create EventContact', () => {
    const event = seedContacts();
    const { unmount } = renderUi(<EventHead event={{ ...event, eventStateId: 14 }} />);
    expect(screen.queryByText('Určete kontakt na velitele zásahu')).toBeNull();
    unmount();
    const other = seedContacts({ permissions: [] });
    renderUi(<EventHead event={other} />);
    expect(screen.queryByText('Určete kontakt na velitele zásahu')).toBeNull();
  });
});
