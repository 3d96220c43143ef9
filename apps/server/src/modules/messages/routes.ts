/**
 * Message calls (docs/API.md "Messages and media (issue 4) — contract", 000 §7); the schemas of every body,
 * query, param and answer are `@panel/domain/messages`:
 *
 * - GET /v2/messages/event/{eventId}: the event's messages, newest first, Yii2 paging (http/paging.ts), answer
 *   `{items: {[id]: Message}}` (an item map: JSON objects with numeric keys iterate in ascending id order, so
 *   the panel sorts by itself).
 * - GET /v2/messages/{id}: one message.
 * - POST /v2/messages: send (idempotent by `uuid`: 201 new, 200 the saved one on a retry; no `uuid`: the
 *   server makes one).
 * - POST /v2/messages/{id}/read, /event/{id}/read `{messageCategoryId}`, /conversation/{id}/read, /user/read:
 *   read marks for this user only.
 * - POST /v2/messages/{id}/confirm; POST and DELETE /v2/messages/{id}/tag/{tagId}.
 * - The messages' media files (photos, recordings): `media/`, registered here in its own scope.
 *
 * Each route: validate (schema) → load → authorize → command → present. Authorization, one place per route:
 * reads and read marks need view Message (manage Message includes it), checked here in the route; sending,
 * confirming and tags are judged by their command (commands.ts: manage Message{categoryId} of the body or of
 * the loaded message; tags manage Message). By 000 §6 every user has view or manage Message — MNG views, udrp
 * and everybody else manage Message.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResult } from '@panel/domain/http';
import {
  eventIdParams,
  eventMessagesAnswer,
  eventMessagesQuery,
  eventReadBody,
  idParams,
  messageIdParams,
  readCountResult,
  sendMessageSchema,
  tagParams,
} from '@panel/domain/messages';
import { messageSchema } from '@panel/domain/sync';
import { requireAbility } from '../../http/requireAbility.js';
import { pageOf, setPagingHeaders } from '../../http/paging.js';
import {
  confirmMessage,
  markAllRead,
  markConversationRead,
  markEventRead,
  markMessageRead,
  sendMessage,
  setMessageTag,
} from './commands.js';
import { eventMessages, presentMessage, visibleMessage } from './queries.js';
import mediaRoutes from './media/routes.js';

export default async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(mediaRoutes);

  r.post(
    '/v2/messages/user/read',
    {
      schema: {
        operationId: 'markAllMessagesRead',
        summary: 'Mark every message of the user read.',
        tags: ['messages'],
        response: { 200: readCountResult },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Message');
      const count = await markAllRead(app.deps, request.auth);
      return { result: true as const, count };
    },
  );

  r.get(
    '/v2/messages/event/:eventId',
    {
      schema: {
        operationId: 'listEventMessages',
        summary: 'List the messages of an event, paged.',
        tags: ['messages'],
        params: eventIdParams,
        querystring: eventMessagesQuery,
        response: { 200: eventMessagesAnswer },
      },
    },
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

  r.get(
    '/v2/messages/:id',
    {
      schema: {
        operationId: 'getMessage',
        summary: 'One message.',
        tags: ['messages'],
        params: messageIdParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Message');
      await visibleMessage(app.deps.db, request.auth, request.params.id);
      return presentMessage(app.deps.db, request.auth, request.params.id);
    },
  );

  r.post(
    '/v2/messages',
    {
      schema: {
        operationId: 'sendMessage',
        summary: 'Send a message (201; 200 with the saved one on a retry with the same uuid).',
        tags: ['messages'],
        body: sendMessageSchema,
        response: { 200: messageSchema, 201: messageSchema },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(app.deps, request.auth, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  r.post(
    '/v2/messages/:id/read',
    {
      schema: {
        operationId: 'markMessageRead',
        summary: 'Mark a message read.',
        tags: ['messages'],
        params: messageIdParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Message');
      await markMessageRead(app.deps, request.auth, request.params.id);
      return { result: true as const };
    },
  );

  r.post(
    '/v2/messages/event/:id/read',
    {
      schema: {
        operationId: 'markEventMessagesRead',
        summary: 'Mark the messages of an event read.',
        tags: ['messages'],
        params: idParams,
        body: eventReadBody,
        response: { 200: readCountResult },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Message');
      const count = await markEventRead(app.deps, request.auth, request.params.id, request.body?.messageCategoryId);
      return { result: true as const, count };
    },
  );

  r.post(
    '/v2/messages/conversation/:id/read',
    {
      schema: {
        operationId: 'markConversationRead',
        summary: 'Mark the messages of a conversation read.',
        tags: ['messages'],
        params: idParams,
        response: { 200: readCountResult },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Message');
      const count = await markConversationRead(app.deps, request.auth, request.params.id);
      return { result: true as const, count };
    },
  );

  r.post(
    '/v2/messages/:id/confirm',
    {
      schema: {
        operationId: 'confirmMessage',
        summary: 'Confirm a message that asks for it.',
        tags: ['messages'],
        params: messageIdParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => confirmMessage(app.deps, request.auth, request.params.id),
  );

  r.post(
    '/v2/messages/:id/tag/:tagId',
    {
      schema: {
        operationId: 'addMessageTag',
        summary: 'Put a tag on a message.',
        tags: ['messages'],
        params: tagParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => setMessageTag(app.deps, request.auth, request.params.id, request.params.tagId, 1),
  );

  r.delete(
    '/v2/messages/:id/tag/:tagId',
    {
      schema: {
        operationId: 'removeMessageTag',
        summary: 'Take a tag off a message.',
        tags: ['messages'],
        params: tagParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => setMessageTag(app.deps, request.auth, request.params.id, request.params.tagId, 0),
  );
}
