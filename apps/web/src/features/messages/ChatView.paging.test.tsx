import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { stopOutboxRunner } from '../../stores/outboxStore';
import { makeEvent } from '../../test/factories';
import { renderUi } from '../../test/utils';
import { ChatView } from './ChatView';
import { chatEvent, resetChat } from './chatViewTestSetup';
import { makeMessage } from './testMessages';

const event = chatEvent;

beforeEach(() => {
  resetChat();
});
afterEach(() => {
  stopOutboxRunner();
  vi.unstubAllGlobals();
});

/** GET /v2/messages/event/1 pages: the answers in order; anything else answers {}. */
function pages(answers: (() => Response | Promise<Response>)[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/v2/messages/event/1?')) return new Response('{}', { status: 200 });
      urls.push(url);
      const next = answers.shift();
      if (!next) throw new TypeError('no more answers');
      return next();
    }),
  );
  return urls;
}

const page = (ids: number[], current: number, count: number) =>
  new Response(JSON.stringify({ items: Object.fromEntries(ids.map((id) => [id, makeMessage(id)])) }), {
    status: 200,
    headers: {
      'X-Pagination-Current-Page': String(current),
      'X-Pagination-Page-Count': String(count),
      'X-Pagination-Per-Page': '20',
      'X-Pagination-Total-Count': String(count * 20),
      ...(current < count ? { Link: `</v2/messages/event/1?page=${current + 1}>; rel=next` } : {}),
    },
  });

const scrollToTop = () => {
  const list = screen.getByTestId('chat-list');
  list.scrollTop = 0;
  fireEvent.scroll(list);
};

describe('ChatView paging', () => {
  it('loads older pages when scrolled to the top, following Link rel=next, and stops at the last page', async () => {
    const urls = pages([() => page([11, 12], 1, 2), () => page([1, 2], 2, 2)]);
    renderUi(<ChatView event={event} messageCategoryId={1} />);
    scrollToTop();
    await screen.findByText('Zpráva 12');
    scrollToTop();
    await screen.findByText('Zpráva 1');
    expect(urls.map((u) => new URL(u, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
    expect(urls[0]).toContain('messageCategoryId=1');
    scrollToTop();
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toHaveLength(2); // no rel=next on the last page
    // oldest first
    const texts = screen.getAllByTestId('message-bubble').map((b) => b.textContent);
    expect(texts.findIndex((t) => t?.includes('Zpráva 1'))).toBeLessThan(
      texts.findIndex((t) => t?.includes('Zpráva 12')),
    );
  });

  it('a failed page load is logged and paging stops', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const urls = pages([() => new Response('{}', { status: 500 })]);
    renderUi(<ChatView event={event} messageCategoryId={1} />);
    scrollToTop();
    await waitFor(() => expect(error).toHaveBeenCalledWith('[messages] older page failed', 1, 1, expect.anything()));
    scrollToTop();
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toHaveLength(1);
    error.mockRestore();
  });

  it('a list too short to scroll loads the older pages by itself while the event counts more messages', async () => {
    // the bundle holds the newest message only; the event counts three (issue 13 item 2)
    useEntitiesStore.getState().applyBundle({ resetData: true, messages: [makeMessage(3)] });
    const urls = pages([() => page([3, 2, 1], 1, 1)]);
    const counted = makeEvent(1, {
      conversations: [{ id: 1, messageCategoryId: 1, type: 1 }],
      messages: { total: 3, unread: {} },
    });
    renderUi(<ChatView event={counted} messageCategoryId={1} />);
    await screen.findByText('Zpráva 1');
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toHaveLength(1); // the last page: no rel=next
  });

  it('no page is asked while the panel holds every message the event counts', async () => {
    useEntitiesStore.getState().applyBundle({ resetData: true, messages: [makeMessage(3)] });
    const urls = pages([]);
    const counted = makeEvent(1, {
      conversations: [{ id: 1, messageCategoryId: 1, type: 1 }],
      messages: { total: 1, unread: {} },
    });
    renderUi(<ChatView event={counted} messageCategoryId={1} />);
    await screen.findByText('Zpráva 3');
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toHaveLength(0);
  });
});
