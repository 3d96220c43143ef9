/**
 * Contact calls (000 §7; docs/API.md "Contacts, commander and SMS (issue 5) — contract"); the schemas of every
 * body, query, param and answer are `@panel/domain/contacts`:
 *
 * - POST /v2/event-contacts: save a contact (create without `id`, 201; change with `id`, 200); commands.ts.
 *   A new contact without `uuid` gets one from the server.
 * - DELETE /v2/event-contacts/{id}: `{result: true}`.
 * - GET /v2/contacts?name=|number=&fields=id,number,name,description: the directory search (an array).
 * - GET /{product}/occurrence/info?id={event uid}&base_id={base uid}: `{sms}`, the suggested SMS text.
 * - POST /{product}/contact/sms (form data base_id, number, content[, event_id]): `{status, msg}`.
 *
 * `{product}` is the configured product (PRODUCT, default 'hzs'; the panel reads it from the bundle settings).
 *
 * Each route: validate (schema) → load → authorize → command → present. Authorization, one place per route:
 * the directory (view EventContact) and the suggested SMS (view Event) in the route; saving, deleting and
 * sending an SMS in their command, which judges with the event's own event roles (commands.ts `mayWrite`,
 * sms.ts), so it needs the event loaded first.
 */
import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResult } from '@panel/domain/http';
import {
  contactIdParams,
  directoryHitsSchema,
  occurrenceInfoSchema,
  occurrenceQuery,
  saveContactSchema,
  searchQuery,
  smsAnswerSchema,
  smsBody,
} from '@panel/domain/contacts';
import { eventContactSchema } from '@panel/domain/sync';
import { requireAbility } from '../../http/requireAbility.js';
import { badRequest, unprocessable } from '../../errors.js';
import { findBadText } from '../../http/textGuard.js';
import { texts } from '@panel/domain/locale';
import { removeContact, saveContact } from './commands.js';
import { searchDirectory } from './directory.js';
import { occurrenceInfo, sendSms } from './sms.js';

/**
 * The SMS call takes form data (what the panel's URLSearchParams and a browser's FormData send), in this plugin
 * only: @fastify/formbody, and @fastify/multipart whose text fields become the body (the last of a repeated
 * name wins, as with URLSearchParams); file parts are drained and left out (an SMS has none). The fields are read
 * here rather than by the plugin's `attachFieldsToBody`, whose parse errors (no boundary, a cut body) would
 * reach the error handler as a 500: a malformed form is the house 400.
 */
async function registerFormBodies(app: FastifyInstance): Promise<void> {
  await app.register(formBody);
  await app.register(multipart, { limits: { fields: 20, fieldSize: 64 * 1024, files: 5 } });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') part.file.resume();
        else fields[part.fieldname] = String(part.value);
      }
    } catch {
      throw badRequest();
    }
    request.body = fields;
    // the root text guard (http/textGuard.ts) looked before these fields were read: the same scan on them
    const bad = findBadText(fields);
    if (bad) {
      throw unprocessable({
        field: bad.path,
        message: bad.reason === 'text' ? texts.wire.badText : texts.wire.tooDeep,
      });
    }
  });
}

export default async function contactRoutes(app: FastifyInstance) {
  await registerFormBodies(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const product = encodeURIComponent(app.deps.config.product);

  r.post(
    '/v2/event-contacts',
    {
      schema: {
        operationId: 'saveEventContact',
        summary: 'Create (without id) or change (with id) a contact of an event.',
        tags: ['contacts'],
        body: saveContactSchema,
        response: { 200: eventContactSchema, 201: eventContactSchema },
      },
    },
    async (request, reply) => {
      const { contact, created } = await saveContact(app.deps, request.auth, request.body);
      return reply.status(created ? 201 : 200).send(contact);
    },
  );

  r.delete(
    '/v2/event-contacts/:id',
    {
      schema: {
        operationId: 'deleteEventContact',
        summary: 'Delete a contact of an event.',
        tags: ['contacts'],
        params: contactIdParams,
        response: { 200: okResult },
      },
    },
    async (request) => {
      await removeContact(app.deps, request.auth, request.params.id);
      return { result: true as const };
    },
  );

  r.get(
    '/v2/contacts',
    {
      schema: {
        operationId: 'searchContacts',
        summary: 'Search the contact directory by name or number.',
        tags: ['contacts'],
        querystring: searchQuery,
        response: { 200: directoryHitsSchema },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'EventContact');
      return searchDirectory(app.deps.db, request.query);
    },
  );

  r.get(
    `/${product}/occurrence/info`,
    {
      schema: {
        operationId: 'getOccurrenceInfo',
        summary: 'The suggested SMS text for an event and a unit.',
        tags: ['contacts'],
        querystring: occurrenceQuery,
        response: { 200: occurrenceInfoSchema },
      },
    },
    async (request) => {
      requireAbility(request, 'view', 'Event');
      return occurrenceInfo(app.deps.db, request.auth, request.query.id, request.query.base_id);
    },
  );

  r.post(
    `/${product}/contact/sms`,
    {
      schema: {
        operationId: 'sendSms',
        summary: 'Send an SMS about an event.',
        tags: ['contacts'],
        body: smsBody,
        response: { 200: smsAnswerSchema },
      },
    },
    async (request) =>
      sendSms({ ...app.deps, smsGatewayUrl: app.deps.config.smsGatewayUrl }, request.auth, request.body),
  );
}
