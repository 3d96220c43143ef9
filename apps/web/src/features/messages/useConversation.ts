/** Messages of one conversation: bundle + older pages + pending outbox items, oldest first; older-page loading. */
import { useCallback, useMemo } from 'react';
import type { Message } from '@panel/domain/sync';
import { listPage } from '../../api/messages';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { INITIAL_PAGING, conversationMessages, pagingKey, useMessagesStore } from '../../stores/messagesStore';
import { useOutboxStore, type OutboxItem } from '../../stores/outboxStore';
import { compareMessages } from './rules';

/** Pages asked in one go when a page brought nothing new (the bundle already had it). */
const MAX_PAGES_PER_LOAD = 5;

export function pendingAsMessage(item: OutboxItem, senderName: string, deviceCode: string | null): Message {
  return {
    id: -Math.abs(hash(item.uuid)),
    uuid: item.uuid,
    eventUuid: item.eventUuid,
    eventId: item.eventId,
    conversationId: null,
    messageCategoryId: item.messageCategoryId,
    type: item.type ?? 'X03',
    // files show once uploaded; until then the bubble says what waits (e.g. 'Rádiová zpráva 0:04')
    content: [item.label, item.content].filter(Boolean).join('\n'),
    data: null,
    media: null,
    read: 1,
    userId: item.userId,
    deviceId: null,
    deviceCode,
    senderName,
    longitude: null,
    latitude: null,
    accuracy: null,
    sequence: 0,
    createdAt: item.createdAt,
    insertedAt: null,
    updatedAt: null,
    tags: [],
  };
}

function hash(text: string): number {
  let h = 7;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h || 1;
}

export function useConversation(eventId: number | null, messageCategoryId: number) {
  const bundle = useEntitiesStore((s) => s.messages);
  const loaded = useMessagesStore((s) => s.loaded);
  const read = useMessagesStore((s) => s.read);
  const outbox = useOutboxStore((s) => s.items);
  const user = useAuthStore((s) => s.user);
  const device = useAuthStore((s) => s.device);
  const key = eventId === null ? '' : pagingKey(eventId, messageCategoryId);
  const paging = useMessagesStore((s) => s.paging[key]) ?? INITIAL_PAGING;

  const messages = useMemo(
    () => conversationMessages(bundle, loaded, read, eventId, messageCategoryId).sort(compareMessages),
    [bundle, loaded, read, eventId, messageCategoryId],
  );
  const pending = useMemo(() => {
    const sent = new Set(messages.map((m) => m.uuid).filter(Boolean));
    const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : '';
    return outbox
      .filter((i) => i.eventId === eventId && i.messageCategoryId === messageCategoryId && !sent.has(i.uuid))
      .filter((i) => !user || i.userId === user.id)
      .map((i) => pendingAsMessage(i, name, device?.code ?? null));
  }, [outbox, messages, eventId, messageCategoryId, user, device]);

  /** Loads older pages until one brings a message not yet shown; a failure logs and stops paging. */
  const loadOlder = useCallback(async () => {
    if (eventId === null) return;
    const store = useMessagesStore.getState();
    const state = store.paging[key] ?? INITIAL_PAGING;
    if (state.loading || !state.hasNext || state.failed) return;
    store.setPaging(key, { loading: true });
    let page = state.nextPage;
    try {
      for (let i = 0; i < MAX_PAGES_PER_LOAD; i++) {
        const known = new Set([
          ...Object.keys(useEntitiesStore.getState().messages),
          ...Object.keys(useMessagesStore.getState().loaded),
        ]);
        const result = await listPage(eventId, page, messageCategoryId);
        useMessagesStore.getState().upsert(result.items);
        page += 1;
        useMessagesStore.getState().setPaging(key, { nextPage: page, hasNext: result.hasNext });
        if (!result.hasNext || result.items.some((m) => !known.has(String(m.id)))) break;
      }
    } catch (error) {
      console.error('[messages] older page failed', eventId, page, error);
      useMessagesStore.getState().setPaging(key, { failed: true });
    } finally {
      useMessagesStore.getState().setPaging(key, { loading: false });
    }
  }, [eventId, messageCategoryId, key]);

  return { messages, pending, paging, loadOlder };
}
