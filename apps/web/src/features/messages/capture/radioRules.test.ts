import { describe, expect, it } from 'vitest';
import {
  RADIO_MAX_MS,
  formatRecordingTime,
  isPushToTalkKey,
  isPushToTalkRelease,
  isRecordingTooShort,
  uploadFormatOf,
} from './radioRules';

describe('radio rules', () => {
  it('discards recordings at or below 0.5 s and keeps longer ones; stops at 60 s', () => {
    expect(isRecordingTooShort(0)).toBe(true);
    expect(isRecordingTooShort(500)).toBe(true);
    expect(isRecordingTooShort(501)).toBe(false);
    expect(RADIO_MAX_MS).toBe(60_000);
  });

  it('uploads Opus recordings as mp3 (converted) and AAC ones as aac', () => {
    expect(uploadFormatOf('audio/webm;codecs=opus')).toEqual({
      ext: 'mp3',
      contentType: 'audio/mpeg',
      transcode: true,
    });
    expect(uploadFormatOf('audio/ogg;codecs=opus').transcode).toBe(true);
    expect(uploadFormatOf('audio/mp4;codecs=mp4a.40.2')).toEqual({
      ext: 'aac',
      contentType: 'audio/mp4',
      transcode: false,
    });
    expect(uploadFormatOf('audio/mp4;codecs=opus').transcode).toBe(true);
    expect(uploadFormatOf('audio/aac')).toEqual({ ext: 'aac', contentType: 'audio/aac', transcode: false });
    expect(uploadFormatOf('audio/mpeg').transcode).toBe(false);
  });

  it('formats the recording time as m:ss', () => {
    expect(formatRecordingTime(0)).toBe('0:00');
    expect(formatRecordingTime(4300)).toBe('0:04');
    expect(formatRecordingTime(59_600)).toBe('1:00');
    expect(formatRecordingTime(61_000)).toBe('1:01');
  });

  it('starts on Ctrl+Space only and ends on releasing either key', () => {
    const key = { code: 'Space', key: ' ', ctrlKey: true, altKey: false, shiftKey: false, metaKey: false };
    expect(isPushToTalkKey(key)).toBe(true);
    expect(isPushToTalkKey({ ...key, ctrlKey: false })).toBe(false);
    expect(isPushToTalkKey({ ...key, shiftKey: true })).toBe(false);
    expect(isPushToTalkKey({ ...key, code: 'KeyA', key: 'a' })).toBe(false);
    expect(isPushToTalkRelease({ code: 'ControlLeft', key: 'Control' })).toBe(true);
    expect(isPushToTalkRelease({ code: 'Space', key: ' ' })).toBe(true);
    expect(isPushToTalkRelease({ code: 'KeyA', key: 'a' })).toBe(false);
  });
});
