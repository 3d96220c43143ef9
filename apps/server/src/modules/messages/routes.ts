/**
 * Message calls (docs/API.md "Messages and media (issue 4) — contract", 000 §7):
 *
 * - GET /v2/messages/event/{eventId}: the event's messages, newest first, Yii2 paging (http/paging.ts), answer
 *   `{items: {[id]: Message}}` (an item map: JSON objects with numeric keys iterate in ascending id order, so
 *   the panel sorts by itself).
 * - GET /v2/messages/{id}: one message.
 * - POST /v2/messages: send (idempotent by `uuid`: 201 new, 200 the saved one on a retry).
 * - POST /v2/messages/{id}/read, /event/{id}/read `{messageCategoryId}`, /conversation/{id}/read, /user/read:
 *   read marks for this user only.
 * - POST /v2/messages/{id}/confirm; POST and DELETE /v2/messages/{id}/tag/{tagId}.
 *
 * Permissions: reads need view Message (manage Message includes it); sending and confirming need manage
 * Message{categoryId}; tags need manage Message. By 000 §6 every user has view or manage Message — MNG views,
 * udrp and everybody else manage Message.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAbility } from '../../app.js';
import { pageOf, setPagingHeaders } from '../../http/paging.js';
import { markAllRead, markConversationRead, markEventRead, markMessageRead } from './commands.js';
import { eventMessages, presentMessage, visibleMessage } from './queries.js';
import {
  eventIdParams,
  eventMessagesQuery,
  eventReadBody,
  idParams,
  messageIdParams,
  sendMessageSchema,
  tagParams,
} from './schema.js';
import { confirmMessage, sendMessage, setMessageTag } from './writes.js';

export default async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v2/messages/user/read', async (request) => {
    requireAbility(request, 'view', 'Message');
    const count = await markAllRead(app.deps, request.auth);
    return { result: true, count };
  });

  r.get(
    '/v2/messages/event/:eventId',
    { schema: { params: eventIdParams, querystring: eventMessagesQuery } },
    async (request, reply) => {
      requireAbility(request, 'view', 'Message');
      const paging = pageOf(request.query);
      const { items, total } = await eventMessages(
        app.deps.db,
        request.auth,
        request.params.eventId,
        request.query.messageCategoryId,
        paging,
      );
      setPagingHeaders(request, reply, paging, total);
      return { items: Object.fromEntries(items.map((m) => [String(m.id), m])) };
    },
  );

  r.get('/v2/messages/:id', { schema: { params: messageIdParams } }, async (request) => {
    requireAbility(request, 'view', 'Message');
    await visibleMessage(app.deps.db, request.auth, request.params.id);
    return presentMessage(app.deps.db, request.auth, request.params.id);
  });

  r.post('/v2/messages', { schema: { body: sendMessageSchema } }, async (request, reply) => {
    const { message, created } = await sendMessage(app.deps, request.auth, request.body);
    return reply.status(created ? 201 : 200).send(message);
  });

  r.post('/v2/messages/:id/read', { schema: { params: messageIdParams } }, async (request) => {
    requireAbility(request, 'view', 'Message');
    await markMessageRead(app.deps, request.auth, request.params.id);
    return { result: true };
  });

  r.post('/v2/messages/event/:id/read', { schema: { params: idParams, body: eventReadBody } }, async (request) => {
    requireAbility(request, 'view', 'Message');
    const count = await markEventRead(app.deps, request.auth, request.params.id, request.body?.messageCategoryId);
    return { result: true, count };
  });

  r.post('/v2/messages/conversation/:id/read', { schema: { params: idParams } }, async (request) => {
    requireAbility(request, 'view', 'Message');
    const count = await markConversationRead(app.deps, request.auth, request.params.id);
    return { result: true, count };
  });

  r.post('/v2/messages/:id/confirm', { schema: { params: messageIdParams } }, async (request) => {
    requireAbility(request, 'view', 'Message');
    return confirmMessage(app.deps, request.auth, request.params.id);
  });

  r.post('/v2/messages/:id/tag/:tagId', { schema: { params: tagParams } }, async (request) => {
    requireAbility(request, 'manage', 'Message');
    return setMessageTag(app.deps, request.auth, request.params.id, request.params.tagId, 1);
  });

  r.delete('/v2/messages/:id/tag/:tagId', { schema: { params: tagParams } }, async (request) => {
    requireAbility(request, 'manage', 'Message');
    return setMessageTag(app.deps, request.auth, request.params.id, request.params.tagId, 0);
  });
}
