import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { stopOutboxRunner, useOutboxStore } from '../../stores/outboxStore';
import { mockFetch, renderUi } from '../../test/utils';
import { ChatView } from './ChatView';
import { chatEvent, resetChat } from './chatViewTestSetup';
import { makeMessage } from './testMessages';

const event = chatEvent;

beforeEach(() => {
  resetChat();
  useEntitiesStore.getState().applyBundle({
    messages: [
      makeMessage(2, { content: 'Druhá', read: 0 }),
      makeMessage(1, { content: 'První' }),
      makeMessage(3, { content: 'Moje', userId: 7 }),
      makeMessage(4, { content: 'Jiná konverzace', messageCategoryId: 2 }),
      makeMessage(5, { content: 'Jiná událost', eventId: 2 }),
    ],
  });
});
afterEach(() => stopOutboxRunner());

describe('ChatView', () => {
  it('renders the bubbles of the conversation oldest first, own on the right, unread bold, and pending ones', () => {
    mockFetch({ 'POST /v2/messages/event/1/read': () => ({ status: 200, body: { result: true, count: 1 } }) });
    useOutboxStore.setState({
      items: [
        {
          uuid: 'p-1',
          userId: 7,
          eventId: 1,
          eventUuid: 'uuid-1',
          messageCategoryId: 1,
          content: 'Čeká',
          createdAt: '',
          attempts: 1,
        },
      ],
    });
    renderUi(<ChatView event={event} messageCategoryId={1} />);
    const bubbles = screen.getAllByTestId('message-bubble');
    expect(bubbles.map((b) => b.textContent)).toEqual([
      expect.stringContaining('První'),
      expect.stringContaining('Druhá'),
      expect.stringContaining('Moje'),
      expect.stringContaining('Čeká'),
    ]);
    expect(bubbles[1]).toHaveAttribute('data-unread', '1');
    expect(bubbles[2]).toHaveAttribute('data-own', '1');
    expect(within(bubbles[3]).getByText('Odesílá se…')).toBeInTheDocument();
    expect(screen.queryByText('Jiná konverzace')).toBeNull();
    expect(screen.queryByText('Jiná událost')).toBeNull();
  });

  it('a click opens the context panel and marks the message read; leaving marks the conversation read', async () => {
    const { calls } = mockFetch({
      'POST /v2/messages/2/read': () => ({ status: 200, body: { result: true } }),
      'POST /v2/messages/event/1/read': () => ({ status: 200, body: { result: true, count: 1 } }),
    });
    const view = renderUi(<ChatView event={event} messageCategoryId={1} />);
    await userEvent.click(screen.getByText('Druhá'));
    const panel = await screen.findByTestId('message-context-panel');
    expect(within(panel).getByRole('button', { name: 'zkopírovat' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/v2/messages/2/read')).toBe(true));
    view.unmount();
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/v2/messages/event/1/read')?.body).toEqual({ messageCategoryId: 1 }),
    );
  });

  it('a double click confirms a foreign message: "Potvrzení odesláno"', async () => {
    const { calls } = mockFetch({
      'POST /v2/messages/1/confirm': () => ({ status: 200, body: makeMessage(1, { data: { confirmedAt: 'x' } }) }),
      'POST /v2/messages/event/1/read': () => ({ status: 200, body: { result: true } }),
    });
    renderUi(<ChatView event={event} messageCategoryId={1} />);
    await userEvent.dblClick(screen.getByText('První'));
    expect(await screen.findByText('Potvrzení odesláno')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/confirm'))).toHaveLength(1);
  });
});
