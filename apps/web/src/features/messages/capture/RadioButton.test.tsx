import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi, resetStores } from '../../../test/utils';
import { useToastStore } from '../../../ui/toasts';
import { RadioButton } from './RadioButton';
import { RecorderFailure, startRecording, type Recording } from './radioRecorder';
import { sendRecording } from './sendCapture';
import { CAPTURE_TEXTS } from './texts';

vi.mock('./radioRecorder', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./radioRecorder')>()),
  startRecording: vi.fn(),
}));
vi.mock('./sendCapture', () => ({ sendRecording: vi.fn(async () => 'sent') }));

const target = { event: { id: 5, uuid: 'uuid-5' }, messageCategoryId: 2, userId: 7, deviceCode: 'X-COIS-02' };
const toasts = () => useToastStore.getState().toasts.map((t) => t.message);

function recorderGiving(recording: Partial<Recording>) {
  const stop = vi.fn(async () => ({
    blob: new Blob(['x']),
    mimeType: 'audio/webm;codecs=opus',
    durationMs: 2000,
    reachedMax: false,
    ...recording,
  }));
  vi.mocked(startRecording).mockResolvedValue({ startedAt: Date.now(), stop });
  return stop;
}

beforeEach(() => {
  resetStores();
  vi.mocked(startRecording).mockReset();
  vi.mocked(sendRecording).mockClear();
});

describe('RadioButton', () => {
  it('records while the button is held and sends the recording on release', async () => {
    const stop = recorderGiving({ durationMs: 2400 });
    renderUi(<RadioButton target={target} />);
    const button = screen.getByTestId('radio-button');
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 });
    await vi.waitFor(() => expect(button).toHaveAttribute('data-phase', 'recording'));
    expect(screen.getByTestId('radio-recording')).toHaveTextContent('/ 1:00');
    fireEvent.pointerUp(button, { pointerId: 1 });
    await vi.waitFor(() => expect(sendRecording).toHaveBeenCalledTimes(1));
    expect(stop).toHaveBeenCalled();
    expect(vi.mocked(sendRecording).mock.calls[0][0]).toBe(target);
    await vi.waitFor(() => expect(button).toHaveAttribute('data-phase', 'idle'));
  });

  it('discards a recording of 0.5 s or less', async () => {
    recorderGiving({ durationMs: 500 });
    renderUi(<RadioButton target={target} />);
    const button = screen.getByTestId('radio-button');
    fireEvent.pointerDown(button, { button: 0, pointerId: 1 });
    fireEvent.pointerUp(button, { pointerId: 1 }); // released before the microphone even opened
    await vi.waitFor(() => expect(toasts()).toContain(CAPTURE_TEXTS.tooShort));
    expect(sendRecording).not.toHaveBeenCalled();
  });

  it('records on Ctrl+Space and sends when the keys are released', async () => {
    recorderGiving({ durationMs: 1500 });
    renderUi(<RadioButton target={target} />);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Space', key: ' ', ctrlKey: true }));
    });
    await vi.waitFor(() => expect(screen.getByTestId('radio-button')).toHaveAttribute('data-phase', 'recording'));
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keyup', { code: 'ControlLeft', key: 'Control' }));
    });
    await vi.waitFor(() => expect(sendRecording).toHaveBeenCalledTimes(1));
  });

  it('tells the user when the microphone is refused', async () => {
    vi.mocked(startRecording).mockRejectedValue(new RecorderFailure('denied'));
    renderUi(<RadioButton target={target} />);
    fireEvent.pointerDown(screen.getByTestId('radio-button'), { button: 0, pointerId: 1 });
    await vi.waitFor(() => expect(toasts()).toContain(CAPTURE_TEXTS.micDenied));
    expect(screen.getByTestId('radio-button')).toHaveAttribute('data-phase', 'idle');
  });

  it('sends by itself when the 60 s maximum stops the recorder', async () => {
    let onMax: () => void = () => undefined;
    const stop = vi.fn(async () => ({
      blob: new Blob(['x']),
      mimeType: 'audio/webm',
      durationMs: 60_000,
      reachedMax: true,
    }));
    vi.mocked(startRecording).mockImplementation(async (cb) => {
      onMax = cb;
      return { startedAt: Date.now(), stop };
    });
    renderUi(<RadioButton target={target} />);
    fireEvent.pointerDown(screen.getByTestId('radio-button'), { button: 0, pointerId: 1 });
    await vi.waitFor(() => expect(screen.getByTestId('radio-button')).toHaveAttribute('data-phase', 'recording'));
    act(() => onMax());
    await vi.waitFor(() => expect(sendRecording).toHaveBeenCalledTimes(1));
    expect(toasts()).toContain(CAPTURE_TEXTS.maxReached);
  });
});
