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

export async function confirm(message: Pick<Message, 'id'>): Promise<boolean> {
  try {
    keep(await messagesApi.confirmMessage(message.id));
    toast.success(texts.messages.confirmSent);
    return true;
  } catch (error) {
    console.error('[messages] confirm failed', message.id, error);
    toast.error(errorText(error));
    return false;
  }
}

/** POST (apply) or DELETE (remove) a tag: 'Požadavek odeslán', or the error. */
export async function setTag(
  message: Pick<Message, 'id'>,
  tag: Pick<MessageTag, 'id'>,
  apply: boolean,
): Promise<boolean> {
  try {
    keep(await (apply ? messagesApi.applyTag(message.id, tag.id) : messagesApi.removeTag(message.id, tag.id)));
    toast.success(texts.messages.requestSent);
    return true;
  } catch (error) {
    console.error('[messages] tag failed', message.id, tag.id, error);
    toast.error(errorText(error));
    return false;
  }
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
export async function forward(message: Message, messageCategoryId: number): Promise<boolean> {
  try {
    keep(
      await messagesApi.sendMessage({
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
    );
    toast.success(texts.messages.sent);
    return true;
  } catch (error) {
    console.error('[messages] forward failed', message.id, error);
    toast.error(texts.messages.sendFailed);
    return false;
  }
}
