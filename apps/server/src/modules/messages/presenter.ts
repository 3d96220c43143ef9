/** messages row → wire `Message` with the viewer's read flag and the message tags with their state. */
import type { Message, MessageTag } from '@panel/domain/sync';
import type { messages, messageTags } from '../../db/schema/index.js';
import { wireTime } from '../../sync/wire.js';
import { wireCoordinate } from '@panel/domain/map';

export type MessageRow = typeof messages.$inferSelect;
export type MessageTagRow = typeof messageTags.$inferSelect;

/** Tags offered on a message: every message tag but forwarding to the message's own conversation. */
export function tagsFor(r: MessageRow, all: MessageTagRow[], applied: Set<number>): MessageTag[] {
  return all
    .filter((t) => t.code !== `FWD_${r.messageCategoryId}`)
    .map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      color: t.color,
      colorText: t.colorText,
      state: applied.has(t.id) ? 1 : 0,
      tooltipActive: t.tooltipActive,
      tooltipInactive: t.tooltipInactive,
      options: { canRemove: (t.options as { canRemove?: 0 | 1 }).canRemove ?? 0 },
      sort: t.sort,
    }));
}

export function presentMessage(r: MessageRow, eventUuid: string, read: boolean, tags: MessageTag[]): Message {
  return {
    id: r.id,
    uuid: r.uuid,
    eventUuid,
    eventId: r.eventId,
    conversationId: r.conversationId,
    messageCategoryId: r.messageCategoryId,
    type: r.type,
    content: r.content,
    data: (r.data as Message['data']) ?? null,
    media: r.media ?? null,
    read: read ? 1 : 0,
    userId: r.userId,
    deviceId: r.deviceId,
    deviceCode: r.deviceCode,
    senderName: r.senderName,
    longitude: wireCoordinate(r.longitude),
    latitude: wireCoordinate(r.latitude),
    accuracy: r.accuracy,
    sequence: r.sequence,
    createdAt: wireTime(r.createdAt) ?? '',
    insertedAt: wireTime(r.insertedAt),
    updatedAt: wireTime(r.updatedAt),
    tags,
  };
}
