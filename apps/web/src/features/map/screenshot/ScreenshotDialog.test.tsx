import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/factories';
import { demoLogin, resetStores } from '../../../test/utils';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { renderWithMap, routeFetch } from '../testMap';
import { ScreenshotError } from './capture';
import { ScreenshotButton } from './ScreenshotButton';
import { ScreenshotDialog } from './ScreenshotDialog';

const event = makeEvent(42, {
  code: 'PHA-2025-0412',
  address: 'Praha-Libeň, žst., kolej 3',
  eventTypeId: 9,
  eventCategoryId: 1,
  conversations: [{ id: 1, messageCategoryId: 2, type: 2 }],
});
const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });
const button = (name: string) => screen.getByRole('button', { name });

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetStores();
  useAuthStore.getState().login({ ...demoLogin, device: { id: 11, name: 'Pracoviště 1', code: 'X001' } });
  useEntitiesStore.setState({
    events: { 42: event },
    eventTypes: { 9: { id: 9, code: 'POZ', name: 'Požár kolejového vozidla', priority: 0 } } as never,
    eventCategories: { 1: { id: 1, type: 'event' }, 2: { id: 2, type: 'call' } } as never,
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:shot', revokeObjectURL: () => undefined }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ScreenshotDialog', () => {
  it('captures 200 ms after opening; buttons disabled while capturing and sending; sends upload + X21, then closes', async () => {
    const upload = deferred<{ status: number; body: unknown }>();
    const calls = routeFetch([
      ['POST', /^\/v2\/media\/event\/42\//, () => upload.promise],
      ['POST', /^\/v2\/messages$/, () => ({ status: 201, body: { id: 1 } })],
    ]);
    const capture = vi.fn(() => Promise.resolve(jpeg));
    const onClose = vi.fn();
    const onSend = vi.fn();
    renderWithMap(<ScreenshotDialog open event={event} onClose={onClose} onSend={onSend} capture={capture} />);

    expect(screen.getByText('Načítám...')).toBeInTheDocument();
    expect(button('Zrušit')).toBeDisabled();
    expect(button('Odeslat')).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(capture).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(capture).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('screenshot-image')).toHaveAttribute('src', 'blob:shot');
    expect(screen.queryByText('Načítám...')).toBeNull();
    expect(button('Zrušit')).toBeEnabled();
    expect(button('Odeslat')).toBeEnabled();

    fireEvent.click(button('Odeslat'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(button('Zrušit')).toBeDisabled();
    expect(button('Odeslat')).toBeDisabled();
    upload.resolve({ status: 200, body: { fileName: 'x.jpg', size: 4, contentType: 'image/jpeg' } });
    await act(() => vi.advanceTimersByTimeAsync(0));

    const [uploadCall, messageCall] = calls;
    expect(uploadCall.path).toMatch(/^\/v2\/media\/event\/42\/42-\d{8}_\d{6}-X001\.jpg$/);
    const fileName = decodeURIComponent(uploadCall.path.split('/').pop()!);
    expect(messageCall.body).toMatchObject({
      eventId: 42,
      messageCategoryId: 1,
      type: 'X21',
      media: [fileName],
      data: { tts: 'Zaslán snímek mapy', validity: 60 },
    });
    expect((messageCall.body as { content: string }).content).toMatch(
      /^PHA-2025-0412, Požár kolejového vozidla, Praha-Libeň, žst., kolej 3, \d{2}:\d{2}$/,
    );
    expect(await screen.findByText('Zpráva odeslána')).toBeInTheDocument();
    expect(onSend).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('the upload is image/jpeg', async () => {
    const types: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.startsWith('/v2/media')) types.push((init.headers as Record<string, string>)['Content-Type']);
        return new Response('{}', { status: 200 });
      }),
    );
    renderWithMap(
      <ScreenshotDialog open event={event} onClose={() => undefined} capture={() => Promise.resolve(jpeg)} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(250));
    fireEvent.click(button('Odeslat'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(types).toEqual(['image/jpeg']);
  });

  it('a failed send shows the error and keeps the dialog with the buttons back', async () => {
    routeFetch([['POST', /^\/v2\/media\//, () => ({ status: 500, body: { message: 'disk' } })]]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onClose = vi.fn();
    renderWithMap(<ScreenshotDialog open event={event} onClose={onClose} capture={() => Promise.resolve(jpeg)} />);
    await act(() => vi.advanceTimersByTimeAsync(250));
    fireEvent.click(button('Odeslat'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(await screen.findByText('Chyba při odesílání zprávy')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('screenshot-image')).toBeInTheDocument();
    expect(button('Odeslat')).toBeEnabled();
    expect(button('Zrušit')).toBeEnabled();
    error.mockRestore();
  });

  it('a tainted map gives the Czech CORS error instead of a blank image', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { SCREENSHOT_TEXTS } = await import('./texts');
    renderWithMap(
      <ScreenshotDialog
        open
        event={event}
        onClose={() => undefined}
        capture={() => Promise.reject(new ScreenshotError(SCREENSHOT_TEXTS.tainted))}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByTestId('screenshot-error')).toHaveTextContent(/nepovoluje export obrázku \(CORS\)/);
    expect(screen.queryByTestId('screenshot-image')).toBeNull();
    expect(button('Odeslat')).toBeDisabled();
    expect(button('Zrušit')).toBeEnabled();
    error.mockRestore();
  });
});

describe('ScreenshotButton', () => {
  const camera = () => screen.queryByRole('button', { name: 'Odeslat snímek mapy do události' });

  it('shows for the active saved event of an event category with manage Message2', () => {
    useUiStore.getState().setActiveEvent(event.uuid);
    renderWithMap(<ScreenshotButton />);
    expect(camera()).toBeInTheDocument();
  });

  it('hidden without an active event, for a call category and without Message2', () => {
    const { unmount } = renderWithMap(<ScreenshotButton />);
    expect(camera()).toBeNull();
    unmount();

    useEntitiesStore.setState({ events: { 42: { ...event, eventCategoryId: 2 } } });
    useUiStore.getState().setActiveEvent(event.uuid);
    const second = renderWithMap(<ScreenshotButton />);
    expect(camera()).toBeNull();
    second.unmount();

    // no conversation of type 2 and an event is active: Message2 is not managed
    useEntitiesStore.setState({ events: { 42: { ...event, conversations: [] } } });
    renderWithMap(<ScreenshotButton />);
    expect(camera()).toBeNull();
  });
});
