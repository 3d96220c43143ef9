/**
 * Radio recordings (X11) and photos (X22) go through the outbox with their files, so that nothing recorded or
 * photographed is lost when the connection drops: the file is named at capture time by the spec's pattern
 * `{eventId}-{YYYYMMDD_HHmmss}-{deviceCode}.{ext}` and keeps that name on every retry.
 */
import { MESSAGE_TYPES } from '@panel/domain/constants';
import type { Event } from '@panel/domain/sync';
import { newUuid } from '../../../stores/uiStore';
import { sendCaptured, type DeliveryResult } from '../../../stores/outboxStore';
import { toast } from '../../../ui/toasts';
import { attachmentFileName } from '../rules';
import { recordingToMp3 } from './encodeMp3';
import type { Recording } from './radioRecorder';
import { formatRecordingTime, uploadFormatOf } from './radioRules';
import { scalePhoto } from './scalePhoto';
import { CAPTURE_TEXTS } from './texts';

export interface CaptureTarget {
  event: Pick<Event, 'id' | 'uuid'>;
  messageCategoryId: number;
  userId: number;
  deviceCode: string;
}

let lastNamedAt = 0;

/** Capture times one second apart at least, so that two quick recordings never share a file name. */
export function uniqueCaptureTime(at: Date): Date {
  const ms = Math.max(at.getTime(), lastNamedAt + 1000);
  lastNamedAt = ms;
  return new Date(ms);
}

function announce(result: DeliveryResult): DeliveryResult {
  if (result === 'pending') toast.info(CAPTURE_TEXTS.waiting);
  return result;
}

/** A converted recording or scaled photo and the message it goes out as. */
interface Capture {
  blob: Blob;
  ext: string;
  /** X11 audio or X22 attachments */
  type: string;
  label: string;
}

/** Names the file at its capture time and sends it as a message of the target's conversation. */
async function sendFile(target: CaptureTarget, eventId: number, at: Date, file: Capture) {
  const name = attachmentFileName(eventId, uniqueCaptureTime(at), target.deviceCode, file.ext);
  return announce(
    await sendCaptured(
      {
        uuid: newUuid(),
        userId: target.userId,
        eventId,
        eventUuid: target.event.uuid,
        messageCategoryId: target.messageCategoryId,
        content: '',
        type: file.type,
        label: file.label,
      },
      [{ name, blob: file.blob }],
    ),
  );
}

/** Converts (when needed) and sends a recording; 'refused' also when it could not be converted. */
export async function sendRecording(target: CaptureTarget, recording: Recording, at = new Date()) {
  const eventId = target.event.id;
  if (eventId === null) return 'refused' as const;
  const format = uploadFormatOf(recording.mimeType);
  let blob: Blob;
  try {
    blob = format.transcode
      ? await recordingToMp3(recording.blob)
      : new Blob([recording.blob], { type: format.contentType });
  } catch (error) {
    console.error('[radio] conversion failed', recording.mimeType, error);
    toast.error(CAPTURE_TEXTS.encodeFailed);
    return 'refused' as const;
  }
  const label = CAPTURE_TEXTS.radioLabel(formatRecordingTime(recording.durationMs));
  return sendFile(target, eventId, at, { blob, ext: format.ext, type: MESSAGE_TYPES.AUDIO, label });
}

/** Scales a photo to at most 1900 px and sends it as X22. */
export async function sendPhoto(target: CaptureTarget, file: File, at = new Date()) {
  const eventId = target.event.id;
  if (eventId === null) return 'refused' as const;
  let blob: Blob;
  try {
    blob = await scalePhoto(file);
  } catch (error) {
    console.error('[photo] scaling failed', file.name, error);
    toast.error(CAPTURE_TEXTS.photoFailed);
    return 'refused' as const;
  }
  return sendFile(target, eventId, at, {
    blob,
    ext: 'jpg',
    type: MESSAGE_TYPES.ATTACHMENTS,
    label: CAPTURE_TEXTS.photoLabel,
  });
}
