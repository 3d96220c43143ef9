import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi, resetStores } from '../../test/utils';
import { SmsDialog } from './SmsDialog';
import { fetchTable, seedContacts } from './testSetup';

const textArea = () => document.querySelector<HTMLTextAreaElement>('textarea[name="content"]')!;

describe('SmsDialog', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('loads the suggested text, counts characters, requires a text of at most 155 and sends the form', async () => {
    const event = seedContacts();
    const calls = fetchTable({
      'GET /hzs/occurrence/info': () => ({ status: 200, body: { sms: 'PHA-1 Požár: Praha, 10:00 01.01.2025' } }),
      'POST /hzs/contact/sms': () => ({ status: 200, body: { status: 1, msg: 'Sms byla odeslána' } }),
    });
    const onClose = vi.fn();
    renderUi(<SmsDialog event={event} contact={{ name: 'Jan', number: '725341880' }} onClose={onClose} />);
    await waitFor(() => expect(textArea().value).toBe('PHA-1 Požár: Praha, 10:00 01.01.2025'));
    expect(calls[0].url).toBe('/hzs/occurrence/info?id=PHA-1&base_id=hzs-pha');
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('36/155');

    fireEvent.change(textArea(), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    expect(await screen.findByText('Zadejte text sms zprávy.')).toBeInTheDocument();
    fireEvent.change(textArea(), { target: { value: 'x'.repeat(156) } });
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('156/155');
    expect(screen.getByText('Text sms zprávy může mít nejvýše 155 znaků.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(textArea(), { target: { value: 'Dostavte se.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    expect(await screen.findByText('Sms byla odeslána')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.contentType).toContain('application/x-www-form-urlencoded');
    expect(post.body).toEqual({ base_id: 'hzs-pha', number: '725341880', content: 'Dostavte se.', event_id: '1' });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows 'Sms nebyla odeslána' on status 0 or an error, and stays open", async () => {
    const event = seedContacts();
    let answer = { status: 200, body: { status: 0, msg: 'x' } as unknown };
    fetchTable({
      'GET /hzs/occurrence/info': () => ({ status: 500 }),
      'POST /hzs/contact/sms': () => answer,
    });
    const onClose = vi.fn();
    renderUi(<SmsDialog event={event} contact={{ name: 'Jan', number: '725341880' }} onClose={onClose} />);
    fireEvent.change(textArea(), { target: { value: 'Text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    expect(await screen.findByText('Sms nebyla odeslána')).toBeInTheDocument();
    answer = { status: 422, body: [{ field: 'number', message: 'x' }] };
    // the button is busy while the first answer is handled: click once it is free again
    await waitFor(() => expect(screen.getByRole('button', { name: 'Odeslat' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    await waitFor(() => expect(screen.getAllByText('Sms nebyla odeslána')).toHaveLength(2), { timeout: 5000 });
    expect(onClose).not.toHaveBeenCalled();
  });
});
