import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../../stores/authStore';
import { useMessagesStore } from '../../stores/messagesStore';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { ForwardDialog } from './ForwardDialog';
import { makeMessage } from './testMessages';

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
});

const message = makeMessage(3, {
  content: 'Na místě, požár v prostoru TM2.',
  messageCategoryId: 1,
  latitude: 50.1,
  longitude: 14.4,
  media: ['1-20250101_100000-M-PHA-01.jpg'],
  type: 'X22',
});

describe('ForwardDialog', () => {
  it('forwards a copy into the target conversation: POST /v2/messages, "Zpráva odeslána"', async () => {
    const { calls } = mockFetch({
      'POST /v2/messages': () => ({ status: 201, body: makeMessage(40, { messageCategoryId: 2 }) }),
    });
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderUi(<ForwardDialog message={message} messageCategoryId={2} onDone={onDone} onClose={onClose} />);
    expect(screen.getByText('Přeposlat zprávu')).toBeInTheDocument();
    expect(screen.getByText('Do konverzace: Dispečerský')).toBeInTheDocument();
    expect(screen.getByText('Na místě, požár v prostoru TM2.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Přeposlat' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    const body = calls[0].body as Record<string, unknown>;
    expect(calls[0].method).toBe('POST');
    expect(body).toMatchObject({
      eventId: 1,
      messageCategoryId: 2,
      content: 'Na místě, požár v prostoru TM2.',
      type: 'X22',
      media: ['1-20250101_100000-M-PHA-01.jpg'],
      latitude: 50.1,
      longitude: 14.4,
    });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.uuid).not.toBe(message.uuid); // a new message, not the original
    expect(await screen.findByText('Zpráva odeslána')).toBeInTheDocument();
    // the saved copy is kept for the target conversation's chat
    expect(useMessagesStore.getState().loaded[40]?.messageCategoryId).toBe(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a failure shows "Chyba při odesílání zprávy" and keeps the dialog', async () => {
    mockFetch({ 'POST /v2/messages': () => ({ status: 500, body: { message: 'x' } }) });
    const onDone = vi.fn();
    renderUi(<ForwardDialog message={message} messageCategoryId={2} onDone={onDone} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Přeposlat' }));
    expect(await screen.findByText('Chyba při odesílání zprávy')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Přeposlat' })).toBeEnabled();
  });

  it('Zrušit closes without sending', async () => {
    const { calls } = mockFetch({});
    const onClose = vi.fn();
    renderUi(<ForwardDialog message={message} messageCategoryId={2} onDone={() => {}} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zrušit' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
