/**
 * messages row → wire `Message` with the viewer's read flag and its applied tags (ids and state); message_tags
 * row → the `messageTags` catalogue entry (issue 13 item 2: definitions once, not on every message).
 */
import type { AppliedMessageTag, Message, MessageTagDefinition } from '@panel/domain/sync';
import type { messages, messageTags } from '../../db/schema/index.js';
import { wireTime } from '../../sync/wire.js';
import { wireCoordinate } from '@panel/domain/map';

export type MessageRow = typeof messages.$inferSelect;
export type MessageTagRow = typeof messageTags.$inferSelect;

/** message_tags row → the `messageTags` catalogue entry (the definition, sent once per bundle). */
export function presentMessageTag(t: MessageTagRow): MessageTagDefinition {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    color: t.color,
    colorText: t.colorText,
    tooltipActive: t.tooltipActive,
    tooltipInactive: t.tooltipInactive,
    options: { canRemove: (t.options as { canRemove?: 0 | 1 }).canRemove ?? 0 },
    sort: t.sort,
  };
}

/** The tags applied to a message as it carries them: ids ascending, state 1 (the definitions are the catalogue). */
export function appliedTags(applied: Iterable<number>): AppliedMessageTag[] {
  return [...applied].sort((a, b) => a - b).map((id) => ({ id, state: 1 }));
}

export function presentMessage(r: MessageRow, eventUuid: string, read: boolean, tags: AppliedMessageTag[]): Message {
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
    // the delivery receipt summary (issue 25) once the first receipt was written, as the loader sends it
    ...(r.receipts ? { receipts: r.receipts } : {}),
  };
}
