/**
 * One push-to-talk recording with MediaRecorder: asks for the microphone, records in the best format the
 * browser offers, stops by itself at the 60 s maximum, and always releases the microphone.
 */
import { RADIO_MAX_MS, RECORDER_MIME_TYPES } from './radioRules';

export type RecorderFailureReason = 'denied' | 'noDevice' | 'unsupported' | 'failed';

export class RecorderFailure extends Error {
  constructor(
    readonly reason: RecorderFailureReason,
    cause?: unknown,
  ) {
    super(`recorder: ${reason}`, { cause });
  }
}

export interface Recording {
  blob: Blob;
  mimeType: string;
  durationMs: number;
  /** the recorder hit the 60 s maximum */
  reachedMax: boolean;
}

export interface ActiveRecording {
  readonly startedAt: number;
  /** Ends the recording and gives what was recorded. */
  stop(): Promise<Recording>;
}

/** The reason a getUserMedia / MediaRecorder error stands for. */
export function failureReason(error: unknown): RecorderFailureReason {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
    return 'noDevice';
  }
  return 'failed';
}

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return RECORDER_MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

/**
 * Starts recording. `onMax` is called when the 60 s maximum stopped it (the caller then calls stop() to get
 * the recording, as on a release).
 */
export async function startRecording(onMax: () => void, now: () => number = Date.now): Promise<ActiveRecording> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    throw new RecorderFailure('unsupported');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    throw new RecorderFailure(failureReason(error), error);
  }
  const release = () => stream.getTracks().forEach((t) => t.stop());
  let recorder: MediaRecorder;
  try {
    const mimeType = pickMimeType();
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch (error) {
    release();
    throw new RecorderFailure('unsupported', error);
  }

  const chunks: Blob[] = [];
  const startedAt = now();
  let stoppedAt: number | null = null;
  let reachedMax = false;
  recorder.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  const finished = new Promise<Recording>((resolve, reject) => {
    recorder.onstop = () => {
      release();
      const mimeType = recorder.mimeType || chunks[0]?.type || 'audio/webm';
      resolve({
        blob: new Blob(chunks, { type: mimeType }),
        mimeType,
        durationMs: (stoppedAt ?? now()) - startedAt,
        reachedMax,
      });
    };
    recorder.onerror = (e) => {
      release();
      reject(new RecorderFailure('failed', e));
    };
  });
  const halt = () => {
    if (recorder.state === 'inactive') return;
    stoppedAt = now();
    recorder.stop();
  };
  const maxTimer = setTimeout(() => {
    reachedMax = true;
    halt();
    onMax();
  }, RADIO_MAX_MS);
  try {
    recorder.start(250);
  } catch (error) {
    clearTimeout(maxTimer);
    release();
    throw new RecorderFailure('failed', error);
  }
  return {
    startedAt,
    stop() {
      clearTimeout(maxTimer);
      halt();
      return finished;
    },
  };
}
