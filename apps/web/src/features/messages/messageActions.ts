/** Message writes of the chat: read marks (a failed read marks unread again), confirmation, tags, ISV, forward. */
import { MESSAGE_TYPES } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import type { Message, MessageTag } from '@panel/domain/sync';
import { ApiError, messageOf } from '../../api/client';
import * as messagesApi from '../../api/messages';
import { useMessagesStore } from '../../stores/messagesStore';
import { newUuid } from '../../stores/uiStore';
import { toast } from '../../ui/toasts';

const keep = (saved: unknown) => {
  if (saved && typeof saved === 'object' && 'id' in saved) useMessagesStore.getState().upsert([saved as Message]);
};

function errorText(error: unknown): string {
  if (error instanceof ApiError) return messageOf(error.body) ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * One write of the chat: the saved message it answers is kept, `done` is toasted; a failure is logged as
 * '[messages] <what> failed' with its ids and toasted with `failed(error)`. True when it went through.
 */
async function write(
  call: () => Promise<unknown>,
  done: string,
  failed: (error: unknown) => string,
  [what, ...ids]: [string, ...number[]],
): Promise<boolean> {
  try {
    keep(await call());
    toast.success(done);
    return true;
  } catch (error) {
    console.error(`[messages] ${what} failed`, ...ids, error);
    toast.error(failed(error));
    return false;
  }
}

/** Marks one message read at once; a failed call marks it unread again (000 §4). */
export async function markRead(message: Pick<Message, 'id' | 'read'>): Promise<void> {
  if (Number(message.read) === 1) return;
  const store = useMessagesStore.getState();
  store.setRead(message.id, 1);
  try {
    await messagesApi.markMessageRead(message.id);
  } catch (error) {
    console.error('[messages] read failed', message.id, error);
    useMessagesStore.getState().setRead(message.id, 0);
  }
}

export function confirm(message: Pick<Message, 'id'>): Promise<boolean> {
  return write(() => messagesApi.confirmMessage(message.id), texts.messages.confirmSent, errorText, [
    'confirm',
    message.id,
  ]);
}

/** POST (apply) or DELETE (remove) a tag: 'Požadavek odeslán', or the error. */
export async function setTag(
  message: Pick<Message, 'id'>,
  tag: Pick<MessageTag, 'id'>,
  apply: boolean,
): Promise<boolean> {
  return write(
    () => (apply ? messagesApi.applyTag(message.id, tag.id) : messagesApi.removeTag(message.id, tag.id)),
    texts.messages.requestSent,
    errorText,
    ['tag', message.id, tag.id],
  );
}

/** ISV: sends the message to the external system, then applies the tag; a failure shows the msg. */
export async function sendIsv(
  message: Pick<Message, 'id'>,
  tag: Pick<MessageTag, 'id'>,
  unitUid: string,
): Promise<boolean> {
  try {
    const answer = await messagesApi.sendToIsv(message.id, unitUid);
    if (Number(answer?.status) !== 1) {
      toast.error(answer?.msg || texts.messages.sendFailed);
      return false;
    }
  } catch (error) {
    console.error('[messages] ISV failed', message.id, error);
    toast.error(errorText(error));
    return false;
  }
  return setTag(message, tag, true);
}

/** Forward: a copy of the message as a new message of the target conversation. */
export function forward(message: Message, messageCategoryId: number): Promise<boolean> {
  return write(
    () =>
      messagesApi.sendMessage({
        uuid: newUuid(),
        eventId: message.eventId,
        content: message.content ?? '',
        messageCategoryId,
        // a copy: a radio message stays a radio message, a photo a photo
        type: message.type || (message.media?.length ? MESSAGE_TYPES.ATTACHMENTS : MESSAGE_TYPES.TEXT),
        media: message.media?.length ? message.media : null,
        ...(message.latitude !== null && message.longitude !== null
          ? { latitude: message.latitude, longitude: message.longitude }
          : {}),
      }),
    texts.messages.sent,
    () => texts.messages.sendFailed,
    ['forward', message.id],
  );
}
