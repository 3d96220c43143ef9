/**
 * Pure message rules of the web (000 §4/§5): attachment names and checks, the confirmation rule, tag clicks,
 * bubble times. Candidates for `@panel/domain/messages` once the server shares them.
 */
import { ATTACHMENT_EXTENSIONS, MESSAGE_TAG_CODES, MESSAGE_TYPES } from '@panel/domain/constants';
import { formatDate, formatTime, texts } from '@panel/domain/locale';
import {
  canConfirmMessage as domainCanConfirm,
  isTagRemovable,
  mediaFileName,
  fwdTarget,
} from '@panel/domain/messages';
import type { Conversation, Message, MessageTag } from '@panel/domain/sync';

/** '{eventId}-{YYYYMMDD_HHmmss}-{deviceCode}.{ext}' (000 §5), the timestamp in Prague time (domain mediaFileName). */
export function attachmentFileName(eventId: number, date: Date, deviceCode: string, ext: string): string {
  return mediaFileName(eventId, date, deviceCode, ext);
}

/** The lower-case extension of a file name ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export const ATTACHMENT_TYPE_ERROR = 'Nepodporovaný typ přílohy (jpg, pdf, mp3).'; // ours

/** Null when the file may be attached, else the Czech error. */
export function attachmentError(file: Pick<File, 'name' | 'size'>, limitMb: number): string | null {
  if (!ATTACHMENT_EXTENSIONS.includes(extensionOf(file.name))) return ATTACHMENT_TYPE_ERROR;
  if (file.size > limitMb * 1024 * 1024) return texts.messages.attachmentTooLarge(limitMb);
  return null;
}

export function isOwnMessage(message: Pick<Message, 'userId'>, userId: number | null | undefined): boolean {
  return userId !== null && userId !== undefined && message.userId === userId;
}

export function isConfirmed(message: Pick<Message, 'data'>): boolean {
  return Boolean(message.data?.confirmedAt);
}

/** A message can be confirmed when it is not own, not of type X05 and not yet confirmed (domain rule). */
export function canConfirmMessage(message: Pick<Message, 'userId' | 'type' | 'data'>, userId: number | null): boolean {
  return userId === null
    ? message.type !== MESSAGE_TYPES.NO_CONFIRM && !isConfirmed(message)
    : domainCanConfirm(message, userId);
}

export type TagAction =
  | { kind: 'none' }
  | { kind: 'apply' }
  | { kind: 'remove' }
  | { kind: 'forward'; messageCategoryId: number }
  | { kind: 'isv' }
  | { kind: 'confirm' }
  | { kind: 'dzin' };

/**
 * What a click on a tag does (000 §4): nothing without manage Message; FWD_n forwards when conversation n exists;
 * ISV sends to the external system and applies; CONF confirms; DZIN_INPUT copies and opens DŽIN; any other tag
 * goes 0 → 1 (apply) and 1 → 0 (remove, only when options.canRemove is 1).
 */
export function tagClickAction(
  tag: Pick<MessageTag, 'code' | 'state' | 'options'>,
  canClick: boolean,
  conversations: readonly Pick<Conversation, 'messageCategoryId'>[],
): TagAction {
  if (!canClick) return { kind: 'none' };
  const n = fwdTarget(tag.code);
  if (n !== null) {
    return conversations.some((c) => c.messageCategoryId === n)
      ? { kind: 'forward', messageCategoryId: n }
      : { kind: 'none' };
  }
  if (tag.code === MESSAGE_TAG_CODES.DZIN_INPUT) return { kind: 'dzin' };
  if (Number(tag.state) === 1) return isTagRemovable(tag) ? { kind: 'remove' } : { kind: 'none' };
  if (tag.code === MESSAGE_TAG_CODES.ISV) return { kind: 'isv' };
  if (tag.code === MESSAGE_TAG_CODES.CONF) return { kind: 'confirm' };
  return { kind: 'apply' };
}

/** Bubble time: 'HH:mm' today (Prague), else 'DD.MM. HH:mm'. */
export function bubbleTime(createdAt: string | null, now: Date = new Date()): string {
  if (!createdAt) return '';
  const day = formatDate(createdAt);
  const time = formatTime(createdAt);
  return day === formatDate(now) ? time : `${day.slice(0, 6)} ${time}`;
}

/** Oldest first: by createdAt, then sequence, then id. */
export function compareMessages(a: Message, b: Message): number {
  return (
    String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')) ||
    (a.sequence ?? 0) - (b.sequence ?? 0) ||
    a.id - b.id
  );
}

export type MediaKind = 'image' | 'pdf' | 'audio' | 'none';

/** Media viewer type by extension (001 §4): jpg image, pdf, mp3/aac audio, anything else none. */
export function mediaKind(fileName: string | null | undefined): MediaKind {
  const ext = extensionOf(fileName ?? '');
  if (ext === 'jpg' || ext === 'jpeg') return 'image';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'mp3' || ext === 'aac') return 'audio';
  return 'none';
}
