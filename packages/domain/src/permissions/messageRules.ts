/** Message, media, map and device rules (000 §5/§6, 001 §5/§6). */
import { ATTACHMENT_LIMIT_DEBUG_MB, ATTACHMENT_LIMIT_MB, MESSAGE_TAG_CODES } from '../constants/index';
import type { Conversation } from '../sync/index';
import { isCentral, isMine, type RuleCategory, type RuleEvent, type RuleUser } from './eventRules';
import type { AppAbility } from './types';

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

/** view Debug: journal and debug buttons, debug tools. */
export const canDebug = (ability: AppAbility): boolean => ability.can('view', 'Debug');

/** Attachment limit: 10 MB with view Debug, else 5 MB. */
export const uploadLimitMb = (ability: AppAbility): number =>
  canDebug(ability) ? ATTACHMENT_LIMIT_DEBUG_MB : ATTACHMENT_LIMIT_MB;

/** update Event: event-target and destination menu items, capture buttons on cadastre, rail and train cards. */
export const canSetTarget = (ability: AppAbility): boolean => ability.can('update', 'Event');

const NO_MAP_NOTES_TYPES: readonly string[] = ['call', 'chat', 'monitor', 'support'];

/** manage Message2, a category not of type call/chat/monitor/support, and a saved event: map cut-out and notes. */
export const canUseMapNotes = (
  ability: AppAbility,
  category: RuleCategory | null | undefined,
  event: Pick<RuleEvent, 'id'>,
): boolean =>
  ability.can('manage', 'Message2') && !NO_MAP_NOTES_TYPES.includes(category?.type ?? '') && (event.id ?? 0) > 0;

/** Drawing lines and polygons, editing a geo object: a saved event of the user's base. */
export const canDraw = (user: RuleUser, event: RuleEvent): boolean => (event.id ?? 0) > 0 && isMine(event, user);

/** manage Device: device management. */
export const canManageDevices = (ability: AppAbility): boolean => ability.can('manage', 'Device');

/**
 * device.all needs the central base: then any unit can be chosen in the device overview. The grant must be the
 * explicit action 'all' — CASL's 'manage' (which every ordinary user has on Device) would otherwise match it.
 */
export const canChooseAnyUnit = (ability: AppAbility, user: RuleUser): boolean =>
  isCentral(user) &&
  ability.can('all', 'Device') &&
  ability.possibleRulesFor('all', 'Device').some((rule) => !rule.inverted && [rule.action].flat().includes('all'));
