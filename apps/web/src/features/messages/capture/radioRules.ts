/** Pure rules of a radio recording (000 §5, §9): length limits, upload format, labels. */
import { RADIO_MAX_SECONDS, RADIO_MIN_SECONDS } from '@panel/domain/constants';

export const RADIO_MIN_MS = RADIO_MIN_SECONDS * 1000;
export const RADIO_MAX_MS = RADIO_MAX_SECONDS * 1000;

/** Recordings at or below the minimum are discarded; longer ones are sent (the recorder stops itself at 60 s). */
export const isRecordingTooShort = (durationMs: number): boolean => durationMs <= RADIO_MIN_MS;

/** Recorder formats in order of preference: Opus (Chromium, Firefox) is turned into mp3; AAC (Safari) goes as is. */
export const RECORDER_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/aac',
] as const;

export interface UploadFormat {
  ext: 'mp3' | 'aac';
  contentType: string;
  /** the recording must be converted to mp3 first */
  transcode: boolean;
}

/** How a recording of `mimeType` is uploaded: the server takes mp3 or aac only. */
export function uploadFormatOf(mimeType: string): UploadFormat {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  if (base === 'audio/mpeg') return { ext: 'mp3', contentType: 'audio/mpeg', transcode: false };
  if (base === 'audio/aac') return { ext: 'aac', contentType: 'audio/aac', transcode: false };
  if (base === 'audio/mp4' && !/opus/i.test(mimeType)) {
    return { ext: 'aac', contentType: 'audio/mp4', transcode: false };
  }
  return { ext: 'mp3', contentType: 'audio/mpeg', transcode: true };
}

/** 4300 → '0:04', 61000 → '1:01' (whole seconds, rounded half up). */
export function formatRecordingTime(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Ctrl+Space (without Alt/Shift/Meta) starts push-to-talk. */
export const isPushToTalkKey = (
  e: Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>,
) => e.ctrlKey && !e.altKey && !e.shiftKey && !e.metaKey && (e.code === 'Space' || e.key === ' ');

/** Releasing either key of the chord ends the recording. */
export const isPushToTalkRelease = (e: Pick<KeyboardEvent, 'code' | 'key'>) =>
  e.code === 'Space' || e.key === ' ' || e.key === 'Control';
