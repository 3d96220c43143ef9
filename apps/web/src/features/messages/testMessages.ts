import type { Message } from '@panel/domain/sync';

/** A wire message for tests. */
export function makeMessage(id: number, patch: Partial<Message> = {}): Message {
  return {
    id,
    uuid: `m-${id}`,
    eventUuid: 'uuid-1',
    eventId: 1,
    conversationId: 1,
    messageCategoryId: 1,
    type: 'X03',
    content: `Zpráva ${id}`,
    data: null,
    media: null,
    read: 1,
    userId: 99,
    deviceId: 5,
    deviceCode: 'J01',
    senderName: 'Jednotka 1',
    longitude: null,
    latitude: null,
    accuracy: null,
    sequence: id,
    createdAt: `2025-01-01 10:${String(id).padStart(2, '0')}:00`,
    insertedAt: null,
    updatedAt: null,
    tags: [],
    ...patch,
  };
}
