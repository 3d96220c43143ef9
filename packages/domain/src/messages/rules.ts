/**
 * Message rules shared by the server and the panel (000 §3 Message/Message tag, §4 Messages, §5 Message, §6):
 * the known message types, the content rule, the confirmation rule, the tag transitions and the attachment
 * file name; below them who may see, send, upload, capture and click tags (the abilities of 000 §6).
 */
import { canDebug } from '../auth/ability';
import type { AppAbility } from '../auth/permissions';
import {
  ATTACHMENT_LIMIT_DEBUG_MB,
  ATTACHMENT_LIMIT_MB,
  MESSAGE_TAG_CODES,
  MESSAGE_TO_MAP_TYPES,
  MESSAGE_TYPES,
  SOUND_DIALOG_TYPES,
} from '../constants/index';
import { formatFileTimestamp } from '../locale/dates';
import type { RuleEvent } from '../events/rules';
import type { AppliedMessageTag, Conversation, MessageTag, MessageTagDefinition } from '../sync/index';
import { messageRuleTexts } from './texts';

/** Every message type the panel knows (000 §3 "Message types seen", §9 map and sound-dialog types). */
export const KNOWN_MESSAGE_TYPES: readonly string[] = [
  ...new Set([...Object.values(MESSAGE_TYPES), ...MESSAGE_TO_MAP_TYPES, ...SOUND_DIALOG_TYPES]),
];

export const isKnownMessageType = (type: string): boolean => KNOWN_MESSAGE_TYPES.includes(type);

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

// ---- who may see, send, upload and capture (000 §6, §7)

/** view Message: the chat tabs. */
export const canSeeMessages = (ability: AppAbility): boolean => ability.can('view', 'Message');

/** manage Message{type}: send and confirm in that conversation type. */
export const canSendInConversation = (ability: AppAbility, type: number): boolean =>
  ability.can('manage', `Message${type}`);

/**
 * Uploading an attachment, photo or recording (POST /v2/media/event/…): an upload only serves a message send,
 * so it needs the right to send in some conversation — manage Message or manage Message{n}. View-only users
 * (group MNG without explicit grants) cannot upload.
 */
export const canUploadMedia = (ability: AppAbility): boolean =>
  ability.can('manage', 'Message') ||
  ability.rules.some(
    (rule) =>
      !rule.inverted &&
      [rule.action].flat().includes('manage') &&
      [rule.subject].flat().some((s) => typeof s === 'string' && /^Message\d+$/.test(s)),
  );

/** manage Message1: radio and photo capture, only for saved (non-local) events. */
export const canCaptureMedia = (ability: AppAbility, event: Pick<RuleEvent, 'id'>): boolean =>
  ability.can('manage', 'Message1') && (event.id ?? 0) > 0;

/** 000 §7: "Radio category defaults to 2, photo to 1". */
export const CAPTURE_DEFAULT_CATEGORY = { radio: 2, photo: 1 } as const;

/**
 * The conversation a radio recording or a photo goes to: its default (radio → 2, photo → 1) whatever chat tab
 * the capture button sits in, when the event has that conversation and the user may send there; otherwise the
 * chat it was made in (a capture is never lost for want of the default conversation).
 */
export function captureCategory(
  kind: keyof typeof CAPTURE_DEFAULT_CATEGORY,
  ability: AppAbility,
  conversations: readonly Pick<Conversation, 'messageCategoryId'>[],
  current: number,
): number {
  const wanted = CAPTURE_DEFAULT_CATEGORY[kind];
  const available = conversations.some((c) => c.messageCategoryId === wanted);
  return available && canSendInConversation(ability, wanted) ? wanted : current;
}

/** manage Message: microphone test, send-on-Enter switch and tag clicking. */
export const canUseMicTest = (ability: AppAbility): boolean => ability.can('manage', 'Message');
export const canToggleSendOnEnter = canUseMicTest;
export const canClickTag = canUseMicTest;

/** 'FWD_2' → 2; any other code → null. */
export function fwdTarget(code: string): number | null {
  if (!code.startsWith(MESSAGE_TAG_CODES.FWD_PREFIX)) return null;
  const n = Number(code.slice(MESSAGE_TAG_CODES.FWD_PREFIX.length));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** An FWD_{n} tag is clickable only with manage Message and when the conversation of category n exists. */
export const canClickFwdTag = (
  ability: AppAbility,
  n: number,
  conversations: readonly Pick<Conversation, 'messageCategoryId'>[],
): boolean => canClickTag(ability) && conversations.some((c) => c.messageCategoryId === n);

/** Attachment limit: 10 MB with view Debug, else 5 MB. */
export const uploadLimitMb = (ability: AppAbility): number =>
  canDebug(ability) ? ATTACHMENT_LIMIT_DEBUG_MB : ATTACHMENT_LIMIT_MB;
