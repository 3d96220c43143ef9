import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageTagDefinition } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { makeEvent } from '../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { MessageContextPanel } from './MessageContextPanel';
import { makeMessage } from './testMessages';

/** A `messageTags` catalogue entry (the message itself carries only the applied ids, issue 13 item 2). */
const tag = (id: number, code: string, canRemove: 0 | 1 = 0): MessageTagDefinition => ({
  id,
  code,
  name: code,
  color: '#c00',
  colorText: '#fff',
  tooltipActive: null,
  tooltipInactive: null,
  options: { canRemove },
  sort: id,
});
const catalogue = [tag(1, 'OK'), tag(2, 'DONE', 1), tag(3, 'LOCK', 0), tag(4, 'FWD_2'), tag(5, 'FWD_1')];

const event = makeEvent(1, { conversations: [{ id: 1, messageCategoryId: 1, type: 1 }] });
const message = makeMessage(1, {
  latitude: 50.1,
  longitude: 14.4,
  tags: [
    { id: 2, state: 1 },
    { id: 3, state: 1 },
  ],
});

beforeEach(() => {
  resetStores();
  useEntitiesStore.getState().applyBundle({ resetData: true, messageTags: catalogue });
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

  it('shows the catalogue’s tags with the message’s state, but not forwarding into its own conversation', () => {
    renderUi(<MessageContextPanel event={event} message={message} onClose={() => {}} />);
    const chips = [...document.querySelectorAll('[data-tag]')].map(
      (c) => `${c.getAttribute('data-tag')}:${c.getAttribute('data-state')}`,
    );
    expect(chips).toEqual(['OK:0', 'DONE:1', 'LOCK:1', 'FWD_2:0']);
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

describe("the 'do aplikace DŽIN' link (000 §2, category 17)", () => {
  const linked = makeEvent(2, { code: 'LINK-2025-0007', eventCategoryId: 17 });

  it('links the DŽIN page of the event (the demo: its stand-in page) on a linked event only', () => {
    useEntitiesStore.getState().applyBundle({ settings: { dzinEventUrl: '/demo/dzin/{code}' } as never });
    const { unmount } = renderUi(<MessageContextPanel event={linked} message={message} onClose={() => {}} />);
    const link = screen.getByRole('link', { name: 'do aplikace DŽIN' });
    expect(link).toHaveAttribute('href', '/demo/dzin/LINK-2025-0007');
    expect(link).toHaveAttribute('target', '_blank');
    unmount();
    renderUi(<MessageContextPanel event={event} message={message} onClose={() => {}} />);
    expect(screen.queryByRole('link', { name: 'do aplikace DŽIN' })).toBeNull();
  });

  it('has no link without a DŽIN page template', () => {
    renderUi(<MessageContextPanel event={linked} message={message} onClose={() => {}} />);
    expect(screen.queryByRole('link', { name: 'do aplikace DŽIN' })).toBeNull();
  });
});
