import { Suspense, type ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkBoundary, ChunkLoadError, lazyChunk, loadWithTimeout, type ChunkTimer } from './lazyChunk';

/** A timer the test fires by hand; records the delay asked for. */
function manualTimer() {
  const pending: { fire: () => void; ms: number; cleared: boolean }[] = [];
  const timer: ChunkTimer = {
    set: (fire, ms) => {
      const entry = { fire, ms, cleared: false };
      pending.push(entry);
      return entry;
    },
    clear: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  return { timer, pending };
}

const never = () => new Promise<{ default: () => ReactElement }>(() => undefined);
const Loaded = () => <p>mapa</p>;

function mount(load: () => Promise<{ default: () => ReactElement }>, timer: ChunkTimer, onReload = vi.fn()) {
  const Lazy = lazyChunk(load, undefined, timer);
  render(
    <ChunkBoundary onReload={onReload}>
      <Suspense fallback={<p>načítám</p>}>
        <Lazy />
      </Suspense>
    </ChunkBoundary>,
  );
  return onReload;
}

describe('lazy chunks: ChunkLoadError after 120 s or a failed import (000 §8, §9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits 120 s by default, then shows the Czech message; the button reloads the panel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { timer, pending } = manualTimer();
    const onReload = mount(never, timer);
    expect(screen.getByText('načítám')).toBeInTheDocument();
    expect(pending.map((p) => p.ms)).toEqual([120_000]);
    await act(async () => pending[0].fire());
    const alert = await screen.findByTestId('chunk-load-error');
    expect(alert).toHaveTextContent('Část panelu se nepodařilo načíst. Zkontrolujte připojení a načtěte panel znovu.');
    fireEvent.click(screen.getByRole('button', { name: 'Načíst panel znovu' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('a refused import shows the same message at once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { timer, pending } = manualTimer();
    mount(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/MapPage.js')),
      timer,
    );
    expect(await screen.findByTestId('chunk-load-error')).toBeInTheDocument();
    expect(pending[0].cleared).toBe(true);
  });

  it('a chunk that arrives in time renders and its timer is cleared', async () => {
    const { timer, pending } = manualTimer();
    mount(() => Promise.resolve({ default: Loaded }), timer);
    expect(await screen.findByText('mapa')).toBeInTheDocument();
    expect(pending[0].cleared).toBe(true);
    // a late timer does nothing
    pending[0].fire();
    expect(screen.queryByTestId('chunk-load-error')).not.toBeInTheDocument();
  });

  it('loadWithTimeout rejects with ChunkLoadError; other errors are not caught by the boundary', async () => {
    const { timer, pending } = manualTimer();
    const late = loadWithTimeout(() => new Promise(() => undefined), 50, timer);
    pending[0].fire();
    await expect(late).rejects.toBeInstanceOf(ChunkLoadError);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('render bug');
    };
    expect(() =>
      render(
        <ChunkBoundary>
          <Broken />
        </ChunkBoundary>,
      ),
    ).toThrow('render bug');
  });
});
