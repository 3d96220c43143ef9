/** Bodies, params and queries of the message calls (docs/API.md "Messages and media (issue 4) — contract"). */
import { z } from 'zod';
import { wireId, wireIdParam } from '@panel/domain/validation';
import { pagingQuery } from '../../http/paging.js';

const positive = wireIdParam();

export const messageIdParams = z.object({ id: positive });
export const eventIdParams = z.object({ eventId: positive });
export const idParams = z.object({ id: positive });
export const tagParams = z.object({ id: positive, tagId: positive });

/** GET /v2/messages/event/{eventId}: Yii2 paging and an optional conversation category. */
export const eventMessagesQuery = z.object({ ...pagingQuery, messageCategoryId: positive.optional() });

/** POST /v2/messages/event/{id}/read: the conversation's category (absent: every category of the event). */
export const eventReadBody = z.object({ messageCategoryId: wireId().optional() });

const coord = z.number().finite().nullable().optional();

/** POST /v2/messages. Unknown keys are ignored, so the panel may send its whole message object. */
export const sendMessageSchema = z
  .object({
    uuid: z.string().min(1).max(64),
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
