/**
 * Lazily loaded chunks (000 §8, §9): a chunk that fails to load — the import is refused, or it has not arrived
 * after CHUNK_LOAD_TIMEOUT (120 s) — is a ChunkLoadError, and ChunkBoundary shows a Czech message with a button
 * that reloads the panel (a failed lazy import is cached by React; only a reload asks for the chunk again,
 * usually a new deployment's file name). Other errors pass on to the next boundary. The timer and the reload
 * are injectable for tests.
 */
import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { CHUNK_LOAD_TIMEOUT } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export interface ChunkTimer {
  set: (fire: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimer: ChunkTimer = {
  set: (fire, ms) => setTimeout(fire, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The load, or a ChunkLoadError when it fails or has not settled within `timeoutMs`. */
export function loadWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT,
  timer: ChunkTimer = realTimer,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const handle = timer.set(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(`chunk not loaded within ${timeoutMs} ms`));
    }, timeoutMs);
    load().then(
      (value) => {
        if (settled) return;
        settled = true;
        timer.clear(handle);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        timer.clear(handle);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}

/** React.lazy with the chunk timeout. */
export function lazyChunk<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT,
  timer: ChunkTimer = realTimer,
) {
  return lazy(() => loadWithTimeout(load, timeoutMs, timer));
}

/** True for our ChunkLoadError and the browsers' own words for a failed dynamic import. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Loading chunk .* failed/i.test(error.message)
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** reloads the panel (default: window.location.reload) */
  onReload?: () => void;
}

export class ChunkBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('[chunk] load failed', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // not ours: the next boundary up decides
    if (!isChunkLoadError(error)) throw error;
    const reload = this.props.onReload ?? (() => window.location.reload());
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 2 }}>
        <Alert severity="error" role="alert" data-testid="chunk-load-error" sx={{ maxWidth: 560 }}>
          {texts.shell.chunkLoadFailed}
          <Box sx={{ mt: 1 }}>
            <Button color="error" variant="outlined" size="small" onClick={reload} sx={{ whiteSpace: 'nowrap' }}>
              {texts.shell.chunkReload}
            </Button>
          </Box>
        </Alert>
      </Box>
    );
  }
}
