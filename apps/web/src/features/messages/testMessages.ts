import { vi } from 'vitest';
import type { Message } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, resetStores } from '../../test/utils';

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

/**
 * The media tests' start: a logged-in user, every file fetch answering 'x', and object URLs as 'blob:media'
 * (jsdom has none). Call in a beforeEach.
 */
export function stubMediaFetch(): void {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('x', { status: 200 })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:media');
  URL.revokeObjectURL = vi.fn();
}
