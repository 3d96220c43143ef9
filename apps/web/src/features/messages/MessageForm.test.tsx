import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../../stores/authStore';
import { useOutboxStore, stopOutboxRunner } from '../../stores/outboxStore';
import { useSetupStore } from '../../stores/setupStore';
import { makeEvent } from '../../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../../test/utils';
import { MessageForm } from './MessageForm';

const event = makeEvent(1, { conversations: [{ id: 1, messageCategoryId: 1, type: 1 }] });

beforeEach(() => {
  resetStores();
  useOutboxStore.setState({ items: [] });
  useAuthStore.getState().login(demoLogin);
  useAuthStore.getState().setDevice(demoLogin.devices[0]);
});
afterEach(() => stopOutboxRunner());

const textbox = () => screen.getByRole('textbox', { name: 'Napište zprávu' });

describe('MessageForm', () => {
  it('Enter sends with send-on-Enter: POST /v2/messages X03 with a uuid, then "Zpráva odeslána"', async () => {
    const { calls } = mockFetch({ 'POST /v2/messages': () => ({ status: 201, body: { id: 5 } }) });
    renderUi(<MessageForm event={event} messageCategoryId={1} />);
    await userEvent.type(textbox(), 'Ahoj{Enter}');
    await screen.findByText('Zpráva odeslána');
    const post = calls.find((c) => c.url === '/v2/messages')!;
    expect(post.body).toMatchObject({ eventId: 1, content: 'Ahoj', messageCategoryId: 1, type: 'X03', media: null });
    expect((post.body as { uuid: string }).uuid).toMatch(/[0-9a-f-]{36}/);
    expect(textbox()).toHaveValue('');
    expect(useOutboxStore.getState().items).toEqual([]);
  });

  it('Ctrl+Enter makes a new line instead of sending', async () => {
    const { calls } = mockFetch({});
    renderUi(<MessageForm event={event} messageCategoryId={1} />);
    await userEvent.type(textbox(), 'a{Control>}{Enter}{/Control}b');
    expect(textbox()).toHaveValue('a\nb');
    expect(calls).toHaveLength(0);
  });

  it('without send-on-Enter, Enter is a new line and the button sends', async () => {
    useSetupStore.setState({ sendOnEnter: false });
    const { calls } = mockFetch({ 'POST /v2/messages': () => ({ status: 201, body: { id: 5 } }) });
    renderUi(<MessageForm event={event} messageCategoryId={1} />);
    await userEvent.type(textbox(), 'a{Enter}b');
    expect(textbox()).toHaveValue('a\nb');
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/v2/messages')?.body).toMatchObject({ content: 'a\nb' }));
  });

  it('empty content without attachments: "Zadejte text zprávy" and nothing sent', async () => {
    const { calls } = mockFetch({});
    renderUi(<MessageForm event={event} messageCategoryId={1} />);
    await userEvent.type(textbox(), '   {Enter}');
    expect(await screen.findByText('Zadejte text zprávy')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a too big file: "Příloha překročila povolenou velikost 5MB."', async () => {
    mockFetch({});
    renderUi(<MessageForm event={event} messageCategoryId={1} />);
    const big = new File(['x'], 'foto.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId('message-files'), { target: { files: [big] } });
    expect((await screen.findAllByText('Příloha překročila povolenou velikost 5MB.')).length).toBeGreaterThan(0);
    expect(screen.queryByText('foto.jpg')).toBeNull();
  });

  it('uploads the attachment under the spec name, then sends X22 with the media', async () => {
    const uploads: string[] = [];
    const sent: unknown[] = [];
    mockFetchRaw(uploads, sent);
    renderUi(<MessageForm event={event} messageCategoryId={1} />);
    const file = new File(['jpegdata'], 'foto.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('message-files'), { target: { files: [file] } });
    expect(await screen.findByText('foto.jpg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    await screen.findByText('Zpráva odeslána');
    expect(uploads[0]).toMatch(/^\/v2\/media\/event\/1\/1-\d{8}_\d{6}-X001\.jpg$/);
    expect(sent[0]).toMatchObject({ type: 'X22', content: '', media: [uploads[0].split('/').pop()] });
  });
});

/** fetch that accepts a file body (mockFetch parses bodies as JSON). */
function mockFetchRaw(uploads: string[], sent: unknown[]) {
  const fn = async (url: string, init: RequestInit = {}) => {
    if (url.startsWith('/v2/media/')) {
      uploads.push(url);
      expect((init.headers as Record<string, string>)['X-File-Size-Total']).toBe('8');
      expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/jpeg');
      return new Response(JSON.stringify({ fileName: decodeURIComponent(url.split('/').pop()!), size: 8 }), {
        status: 201,
      });
    }
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ id: 9 }), { status: 201 });
  };
  vi.stubGlobal('fetch', fn);
}
