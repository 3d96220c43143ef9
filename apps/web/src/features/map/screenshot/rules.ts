/**
 * Pure rules of the map screenshot (001 §4, §5, §6, §9): who may send it, the file name, the message body and
 * the dialog's state machine (capturing → ready → sending → closed; buttons only when idle).
 */
import { MESSAGE_TYPES, SCREENSHOT_TTS, SCREENSHOT_VALIDITY } from '@panel/domain/constants';
import { formatTime } from '@panel/domain/locale';
import { mediaFileName } from '@panel/domain/messages';
import type { AppAbility } from '@panel/domain/auth';
import type { CategoryType, Event } from '@panel/domain/sync';
import type { SendMessageBody } from '../../../api/messages';

/** Category types whose events get no map cut-out (001 §6). */
export const SCREENSHOT_HIDDEN_CATEGORY_TYPES: readonly CategoryType[] = ['call', 'chat', 'monitor', 'support'];

/** Screenshot conversation: message category 1 (the event conversation). */
export const SCREENSHOT_MESSAGE_CATEGORY = 1;

/** manage Message2, a saved event (id > 0) and a category type other than call/chat/monitor/support. */
export function canSendScreenshot(
  ability: Pick<AppAbility, 'can'>,
  event: Pick<Event, 'id'> | null | undefined,
  categoryType: CategoryType | null | undefined,
): boolean {
  if (!event || !event.id || event.id <= 0) return false;
  if (categoryType && SCREENSHOT_HIDDEN_CATEGORY_TYPES.includes(categoryType)) return false;
  return ability.can('manage', 'Message2');
}

/** '{eventId}-{YYYYMMDD_HHmmss}-{deviceCode}.jpg' (001 §5). */
export const screenshotFileName = (eventId: number, at: Date, deviceCode: string | null | undefined): string =>
  mediaFileName(eventId, at, deviceCode, 'jpg');

/** The content: event code, event type name, address, time HH:mm (001 §9), empty parts left out. */
export function screenshotContent(
  event: Pick<Event, 'code' | 'address'>,
  eventTypeName: string | null | undefined,
  at: Date,
): string {
  return [event.code, eventTypeName, event.address, formatTime(at)]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

export function screenshotMessage(input: {
  uuid: string;
  event: Pick<Event, 'id' | 'code' | 'address'>;
  eventTypeName: string | null | undefined;
  fileName: string;
  at: Date;
}): SendMessageBody {
  return {
    uuid: input.uuid,
    eventId: input.event.id ?? undefined,
    content: screenshotContent(input.event, input.eventTypeName, input.at),
    messageCategoryId: SCREENSHOT_MESSAGE_CATEGORY,
    type: MESSAGE_TYPES.MAP_SCREENSHOT,
    media: [input.fileName],
    data: { tts: SCREENSHOT_TTS, validity: SCREENSHOT_VALIDITY },
  };
}

// --- the dialog's state machine

export type ScreenshotPhase = 'closed' | 'capturing' | 'ready' | 'sending' | 'failed';

export interface ScreenshotState {
  phase: ScreenshotPhase;
  /** the captured JPEG and its object URL */
  image: Blob | null;
  error: string | null;
}

export type ScreenshotAction =
  | { type: 'open' }
  | { type: 'captured'; image: Blob }
  | { type: 'captureFailed'; error: string }
  | { type: 'send' }
  | { type: 'sendFailed' }
  | { type: 'close' };

export const initialScreenshotState: ScreenshotState = { phase: 'closed', image: null, error: null };

export function screenshotReducer(state: ScreenshotState, action: ScreenshotAction): ScreenshotState {
  switch (action.type) {
    case 'open':
      return { phase: 'capturing', image: null, error: null };
    case 'captured':
      return state.phase === 'capturing' ? { phase: 'ready', image: action.image, error: null } : state;
    case 'captureFailed':
      return state.phase === 'capturing' ? { phase: 'failed', image: null, error: action.error } : state;
    case 'send':
      return state.phase === 'ready' && state.image ? { ...state, phase: 'sending' } : state;
    case 'sendFailed':
      return state.phase === 'sending' ? { ...state, phase: 'ready' } : state;
    case 'close':
      // not while sending: the send finishes (and closes) or fails (and stays)
      return state.phase === 'sending' ? state : initialScreenshotState;
  }
}

/** Cancel: only when neither capturing nor sending. */
export const canCancel = (s: ScreenshotState): boolean => s.phase !== 'capturing' && s.phase !== 'sending';
/** Send: only when neither capturing nor sending, and there is an image. */
export const canSend = (s: ScreenshotState): boolean => s.phase === 'ready' && s.image !== null;
