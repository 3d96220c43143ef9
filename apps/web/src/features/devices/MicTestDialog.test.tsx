import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi, resetStores } from '../../test/utils';
import { RecorderFailure, type Recording } from '../messages/capture/radioRecorder';
import { formatElapsed, type MicSession, type MicStarter } from './micSession';
import { MicTestDialog } from './MicTestDialog';

/** A fake recorder: records whether it was started and stopped. */
function fakeStarter() {
  const state = { starts: 0, stops: 0, onMax: null as null | (() => void) };
  const recording: Recording = {
    blob: new Blob(['fake-audio'], { type: 'audio/webm' }),
    mimeType: 'audio/webm',
    durationMs: 1230,
    reachedMax: false,
  };
  const starter: MicStarter = async (onMax) => {
    state.starts += 1;
    state.onMax = onMax;
    const session: MicSession = {
      analyser: null,
      stop: async () => {
        state.stops += 1;
        return recording;
      },
    };
    return session;
  };
  return { starter, state };
}

const startButton = () => screen.getByRole('button', { name: 'Zahájit test mikrofonu' });

beforeEach(() => {
  resetStores();
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:mic-1'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('formatElapsed', () => {
  it("is 'ss:SS' (seconds:hundredths)", () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(1234)).toBe('01:23');
    expect(formatElapsed(59_990)).toBe('59:99');
    expect(formatElapsed(-5)).toBe('00:00');
  });
});

describe('MicTestDialog', () => {
  it('start → recording with elapsed time → stop → playback; one attempt only', async () => {
    const { starter, state } = fakeStarter();
    renderUi(<MicTestDialog open onClose={() => {}} starter={starter} />);
    expect(screen.getByRole('img', { name: 'Frekvenční spektrum mikrofonu' })).toBeInTheDocument();
    expect(startButton()).toBeEnabled();

    await act(async () => {
      fireEvent.click(startButton());
    });
    expect(state.starts).toBe(1);
    expect(screen.getByRole('button', { name: 'Ukončení test mikrofonu (00:00)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zahájit test mikrofonu' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1250));
    const stop = screen.getByRole('button', { name: /^Ukončení test mikrofonu \(01:2\d\)$/ });

    await act(async () => {
      fireEvent.click(stop);
    });
    expect(state.stops).toBe(1);
    const audio = screen.getByTestId('mic-playback');
    expect(audio).toHaveAttribute('src', 'blob:mic-1');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    // one attempt: the start button is back but disabled
    expect(startButton()).toBeDisabled();
    fireEvent.click(startButton());
    expect(state.starts).toBe(1);
  });

  it('a refused microphone gets a Czech message and no second attempt', async () => {
    const starter: MicStarter = async () => {
      throw new RecorderFailure('denied');
    };
    renderUi(<MicTestDialog open onClose={() => {}} starter={starter} />);
    await act(async () => {
      fireEvent.click(startButton());
    });
    expect(screen.getByText(/Přístup k mikrofonu byl odepřen/)).toBeInTheDocument();
    expect(startButton()).toBeDisabled();
    expect(screen.queryByTestId('mic-playback')).toBeNull();
  });

  it('the 60 s maximum ends the recording like a stop', async () => {
    const { starter, state } = fakeStarter();
    renderUi(<MicTestDialog open onClose={() => {}} starter={starter} />);
    await act(async () => {
      fireEvent.click(startButton());
    });
    await act(async () => state.onMax?.());
    expect(state.stops).toBe(1);
    expect(screen.getByTestId('mic-playback')).toBeInTheDocument();
  });

  it('closing while recording stops the recorder; reopening allows a new attempt', async () => {
    const { starter, state } = fakeStarter();
    const { rerender } = renderUi(<MicTestDialog open onClose={() => {}} starter={starter} />);
    await act(async () => {
      fireEvent.click(startButton());
    });
    rerender(<MicTestDialog open={false} onClose={() => {}} starter={starter} />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(state.stops).toBe(1);
    rerender(<MicTestDialog open onClose={() => {}} starter={starter} />);
    expect(startButton()).toBeEnabled();
  });
});
