import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { io } from 'socket.io-client';
import { connectRealtime } from '../../sync/realtime';
import { renderUi } from '../../../test/utils';
import { DebugDialog } from './DebugDialog';

/** The few socket.io-client calls connectRealtime makes; `fire` plays a push from the server. */
function fakeSocket() {
  const handlers: Record<string, ((arg?: unknown) => void)[]> = {};
  return {
    connected: false,
    on: (name: string, fn: (arg?: unknown) => void) => (handlers[name] ??= []).push(fn),
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    io: { on: vi.fn(), removeAllListeners: vi.fn() },
    fire: (name: string, arg?: unknown) => handlers[name]?.forEach((fn) => fn(arg)),
  };
}

describe('a debug push from the server opens the debug dialog (001 §2)', () => {
  it('shows the pushed payload; closing hides it; the next push opens it again', async () => {
    const socket = fakeSocket();
    const stop = connectRealtime({
      token: 't',
      instance: 'i',
      baseUid: 'B3',
      groups: [],
      onInvalidate: vi.fn(),
      onStatus: vi.fn(),
      onSessionEnded: vi.fn(),
      connect: vi.fn(() => socket) as unknown as typeof io,
    });
    renderUi(<DebugDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => socket.fire('debug', { reason: 'kontrola', revision: 42 }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByTestId('debug-payload')).toHaveTextContent('kontrola');
    expect(screen.getByTestId('debug-payload')).toHaveTextContent('42');

    fireEvent.click(screen.getByRole('button', { name: /zavřít/i }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    act(() => socket.fire('debug', { reason: 'znovu' }));
    expect(await screen.findByTestId('debug-payload')).toHaveTextContent('znovu');
    stop();
  });
});
