/**
 * Message rules shared by the server and the panel (000 §3 Message/Message tag, §4 Messages, §5 Message):
 * the known message types, the content rule, the confirmation rule, the tag transitions and the attachment
 * file name.
 */
import { MESSAGE_TO_MAP_TYPES, MESSAGE_TYPES, SOUND_DIALOG_TYPES } from '../constants/index';
import { formatFileTimestamp } from '../locale/dates';
import { messageTexts } from './texts';
import type { AppliedMessageTag, MessageTag, MessageTagDefinition } from '../sync/index';

/** Every message type the panel knows (000 §3 "Message types seen", §9 map and sound-dialog types). */
export const KNOWN_MESSAGE_TYPES: readonly string[] = [
  ...new Set([...Object.values(MESSAGE_TYPES), ...MESSAGE_TO_MAP_TYPES, ...SOUND_DIALOG_TYPES]),
];

export const isKnownMessageType = (type: string): boolean => KNOWN_MESSAGE_TYPES.includes(type);

/** Texts of the rules below the spec does not give (ours). */
export const messageRuleTexts = {
  contentRequired: messageTexts.contentRequired,
  unknownType: 'Neznámý typ zprávy.',
  unknownMedia: (name: string) => `Příloha ${name} nebyla nalezena.`,
  confirmOwn: 'Vlastní zprávu nelze potvrdit.',
  confirmNoConfirm: 'Tento typ zprávy se nepotvrzuje.',
  confirmAlready: 'Zpráva už byla potvrzena.',
  tagNotOffered: 'Tento štítek u zprávy nelze použít.',
  tagNotRemovable: 'Tento štítek nelze odebrat.',
} as const;

/** 000 §5: content is required only when there are no attachments. */
export function isContentMissing(content: string | null | undefined, media: readonly string[] | null | undefined) {
  return (content ?? '').trim() === '' && (media ?? []).length === 0;
}

export interface ConfirmableMessage {
  type: string;
  userId: number | null;
  data: { confirmedAt?: unknown; [key: string]: unknown } | null;
}

export type ConfirmRefusal = 'own' | 'noConfirm' | 'already';

/**
 * 000 §5 "Confirmation of a message is not sent when already confirmed, when own, or when type X05":
 * null when the user may confirm, else the reason.
 */
export function confirmRefusal(message: ConfirmableMessage, userId: number): ConfirmRefusal | null {
  if (message.userId != null && message.userId === userId) return 'own';
  if (message.type === MESSAGE_TYPES.NO_CONFIRM) return 'noConfirm';
  if (message.data?.confirmedAt != null && message.data.confirmedAt !== '') return 'already';
  return null;
}

export const canConfirmMessage = (message: ConfirmableMessage, userId: number): boolean =>
  confirmRefusal(message, userId) === null;

export const confirmRefusalText = (reason: ConfirmRefusal): string =>
  ({
    own: messageRuleTexts.confirmOwn,
    noConfirm: messageRuleTexts.confirmNoConfirm,
    already: messageRuleTexts.confirmAlready,
  })[reason];

/**
 * 000 §4 tag transitions: state 0 → 1 applies (POST), 1 → 0 removes (DELETE, only when `options.canRemove` is 1).
 * 'noop' when the tag already is in the target state, 'forbidden' for a removal the tag does not allow.
 */
export type TagTransition = 'apply' | 'remove' | 'noop' | 'forbidden';

export function tagTransition(
  tag: { options?: { canRemove?: number | boolean | null } | null },
  current: 0 | 1,
  target: 0 | 1,
): TagTransition {
  if (target === 0 && !isTagRemovable(tag)) return 'forbidden';
  if (current === target) return 'noop';
  return target === 1 ? 'apply' : 'remove';
}

export const isTagRemovable = (tag: { options?: { canRemove?: number | boolean | null } | null }): boolean =>
  Number(tag.options?.canRemove ?? 0) === 1;

/** Tags offered on a message: every tag but forwarding to the message's own conversation (FWD_{category}). */
export const isTagOffered = (tag: { code: string }, messageCategoryId: number): boolean =>
  tag.code !== `FWD_${messageCategoryId}`;

/**
 * A message's tags as the panel shows them (000 §3 "Message tag"): every tag of the `messageTags` catalogue
 * offered on the message (isTagOffered), with state 1 where the message carries it, by sort then id. The wire
 * sends the definitions once, as a catalogue, and on each message only the applied tags (issue 13 item 2); this
 * puts the two back together. An applied id missing from the catalogue (a tag deleted meanwhile) is not shown.
 */
export function resolveMessageTags(
  message: { messageCategoryId: number; tags?: readonly AppliedMessageTag[] | null },
  catalogue: Iterable<MessageTagDefinition>,
): MessageTag[] {
  const applied = new Map((message.tags ?? []).map((t) => [t.id, t.state]));
  const out: MessageTag[] = [];
  for (const def of catalogue) {
    if (!isTagOffered(def, Number(message.messageCategoryId))) continue;
    out.push({ ...def, state: Number(applied.get(def.id) ?? 0) === 1 ? 1 : 0 });
  }
  return out.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
}

/**
 * 000 §5 attachment file name: event id, timestamp YYYYMMDD_HHmmss (Europe/Prague), device code, joined by
 * dashes, plus the extension: `412-20250301_142233-M-PHA-01.jpg`.
 */
export function mediaFileName(eventId: number, at: Date, deviceCode: string | null | undefined, ext: string): string {
  const parts = [String(eventId), formatFileTimestamp(at)];
  if (deviceCode) parts.push(deviceCode);
  return `${parts.join('-')}.${ext.replace(/^\./, '').toLowerCase()}`;
}
