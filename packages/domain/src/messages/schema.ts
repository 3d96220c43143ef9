/**
 * The message and media calls as one contract (docs/API.md "Messages and media (issue 4) — contract", 000 §7):
 * bodies, params, queries and answers. The server validates with these, the web infers its types from them.
 */
import { z } from 'zod';
import { messageSchema } from '../sync';
import { pagingQuery } from '../http/paging';
import { wireId, wireIdParam } from '../http/index';

const positive = wireIdParam();

export const messageIdParams = z.object({ id: positive });
export const eventIdParams = z.object({ eventId: positive });
export const idParams = z.object({ id: positive });
export const tagParams = z.object({ id: positive, tagId: positive });

/** GET /v2/messages/event/{eventId}: the house paging and an optional conversation category. */
export const eventMessagesQuery = z.object({ ...pagingQuery, messageCategoryId: positive.optional() });

/** POST /v2/messages/event/{id}/read: the conversation's category (absent: every category of the event). */
export const eventReadBody = z.object({ messageCategoryId: wireId().optional() });

const coord = z.number().finite().nullable().optional();

/**
 * POST /v2/messages. Unknown keys are ignored, so the panel may send its whole message object. `uuid` makes a
 * retry idempotent; without one the server makes one (a caller that never retries need not invent it).
 */
export const sendMessageSchema = z
  .object({
    uuid: z.string().min(1).max(64).optional(),
    eventId: wireId().nullable().optional(),
    eventUuid: z.string().min(1).max(64).nullable().optional(),
    content: z.string().max(10_000).nullable().optional(),
    messageCategoryId: wireId(),
    type: z.string().min(1).max(32).optional().default('X03'),
    media: z.array(z.string().min(1).max(255)).max(50).nullable().optional(),
    latitude: coord,
    longitude: coord,
    accuracy: coord,
    data: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .refine((b) => b.eventId != null || (b.eventUuid != null && b.eventUuid !== ''), {
    message: 'Chybí událost.',
    path: ['eventId'],
  });

export type SendMessageBody = z.infer<typeof sendMessageSchema>;

/**
 * GET /v2/messages/event/{eventId}: `{items: {[id]: Message}}`, an item map (JSON objects with numeric keys
 * iterate in ascending id order, so the panel sorts by itself); the paging is in the X-Pagination-* headers.
 */
export const eventMessagesAnswer = z.object({ items: z.record(z.string(), messageSchema) });

/** `{result: true, count}`: a read call that says how many messages it newly marked. */
export const readCountResult = z.object({ result: z.literal(true), count: z.number().int() });

/** Thumbnail sizes of a JPEG attachment (longer side, px): small 240, normal 800, large 1900. */
export const MEDIA_SIZES = ['small', 'normal', 'large'] as const;
export type MediaSize = (typeof MEDIA_SIZES)[number];

/** POST /v2/media/event/{eventId}/{fileName}: the name is checked by the route (its own 422 texts). */
export const mediaUploadParams = z.object({ eventId: positive, fileName: z.string() });
export const mediaFileParams = z.object({ eventId: positive, fileName: z.string() });
export const mediaFileQuery = z.object({ size: z.enum(MEDIA_SIZES).optional() });

/** The stored attachment: 201 new, 200 the same bytes again. */
export const uploadedMediaSchema = z.object({ fileName: z.string(), size: z.number().int(), contentType: z.string() });
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;
