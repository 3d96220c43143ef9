import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageTag } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { makeEvent } from '../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { MessageContextPanel } from './MessageContextPanel';
import { makeMessage } from './testMessages';

const tag = (id: number, code: string, state: 0 | 1, canRemove: 0 | 1 = 0): MessageTag => ({
  id,
  code,
  name: code,
  color: '#c00',
  colorText: '#fff',
  state,
  tooltipActive: null,
  tooltipInactive: null,
  options: { canRemove },
  sort: id,
});

const event = makeEvent(1, { conversations: [{ id: 1, messageCategoryId: 1, type: 1 }] });
const message = makeMessage(1, {
  latitude: 50.1,
  longitude: 14.4,
  tags: [tag(1, 'OK', 0), tag(2, 'DONE', 1, 1), tag(3, 'LOCK', 1, 0), tag(4, 'FWD_2', 0)],
});

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
});

describe('MessageContextPanel', () => {
  it('applies an inactive tag and removes a removable active one: "Požadavek odeslán"', async () => {
    const { calls } = mockFetch({
      'POST /v2/messages/1/tag/1': () => ({ status: 200, body: message }),
      'DELETE /v2/messages/1/tag/2': () => ({ status: 200, body: message }),
    });
    renderUi(<MessageContextPanel event={event} message={message} onClose={() => {}} />);
    expect(screen.getByText('50.100000, 14.400000')).toBeInTheDocument();
    await userEvent.click(screen.getByText('OK'));
    expect(await screen.findByText('Požadavek odeslán')).toBeInTheDocument();
    await userEvent.click(screen.getByText('DONE'));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'POST /v2/messages/1/tag/1',
        'DELETE /v2/messages/1/tag/2',
      ]),
    );
    // not removable, FWD_2 without conversation 2: not clickable
    await userEvent.click(screen.getByText('LOCK'));
    await userEvent.click(screen.getByText('FWD_2'));
    expect(calls).toHaveLength(2);
    expect(screen.queryByText('Přeposlat zprávu')).toBeNull();
  });

  it('a tag failure shows the error', async () => {
    mockFetch({ 'POST /v2/messages/1/tag/1': () => ({ status: 403, body: { message: 'Nemáte oprávnění' } }) });
    renderUi(<MessageContextPanel event={event} message={message} onClose={() => {}} />);
    await userEvent.click(screen.getByText('OK'));
    expect(await screen.findByText('Nemáte oprávnění')).toBeInTheDocument();
  });
});

describe('MessageContextPanel debug button', () => {
  it('is hidden without view Debug', () => {
    renderUi(<MessageContextPanel event={event} message={message} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Ladicí údaje zprávy' })).toBeNull();
  });

  it('with view Debug opens the message JSON, pretty printed, with a copy button', async () => {
    const user = userEvent.setup();
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, roles: ['admin'] } });
    renderUi(<MessageContextPanel event={event} message={message} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Ladicí údaje zprávy' }));
    const json = await screen.findByTestId('message-debug-json');
    expect(json.tagName).toBe('PRE');
    expect(json.textContent).toBe(JSON.stringify(message, null, 2));
    expect(screen.getByText('Zpráva 1 – JSON')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'zkopírovat' }));
    // the debug JSON is not a message text: the generic notice (001 §8)
    expect(await screen.findByText('Zkopírováno do paměti')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(message, null, 2));
  });

  it('links in the text open in the iframe modal', async () => {
    const linked = makeMessage(2, { content: 'Viz https://mapy.cz/x' });
    renderUi(<MessageContextPanel event={event} message={linked} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('link', { name: 'https://mapy.cz/x' }));
    expect(screen.getByTestId('iframe-modal-frame')).toHaveAttribute('src', 'https://mapy.cz/x');
  });
});
