/**
 * Contact calls (000 §7; docs/API.md "Contacts, commander and SMS (issue 5) — contract"):
 *
 * - POST /v2/event-contacts: save a contact (create without `id`, 201; change with `id`, 200); commands.ts.
 * - DELETE /v2/event-contacts/{id}: `{result: true}`.
 * - GET /v2/contacts?name=|number=&fields=id,number,name,description: the directory search (an array).
 * - GET /{product}/occurrence/info?id={event uid}&base_id={base uid}: `{sms}`, the suggested SMS text.
 * - POST /{product}/contact/sms (form data base_id, number, content[, event_id]): `{status, msg}`.
 *
 * `{product}` is the configured product (PRODUCT, default 'hzs'; the panel reads it from the bundle settings).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAbility } from '../../app.js';
import { registerFormParsers } from '../ktc/form.js';
import { removeContact, saveContact } from './commands.js';
import { searchDirectory } from './directory.js';
import { contactIdParams, occurrenceQuery, saveContactSchema, searchQuery, smsBody } from './schema.js';
import { occurrenceInfo, sendSms } from './sms.js';

export default async function contactRoutes(app: FastifyInstance) {
  registerFormParsers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const product = encodeURIComponent(app.deps.config.product);

  r.post('/v2/event-contacts', { schema: { body: saveContactSchema } }, async (request, reply) => {
    const { contact, created } = await saveContact(app.deps, request.auth, request.body);
    return reply.status(created ? 201 : 200).send(contact);
  });

  r.delete('/v2/event-contacts/:id', { schema: { params: contactIdParams } }, async (request) => {
    await removeContact(app.deps, request.auth, request.params.id);
    return { result: true };
  });

  r.get('/v2/contacts', { schema: { querystring: searchQuery } }, async (request) => {
    requireAbility(request, 'view', 'EventContact');
    return searchDirectory(app.deps.db, request.query);
  });

  r.get(`/${product}/occurrence/info`, { schema: { querystring: occurrenceQuery } }, async (request) => {
    requireAbility(request, 'view', 'Event');
    return occurrenceInfo(app.deps.db, request.auth, request.query.id, request.query.base_id);
  });

  r.post(`/${product}/contact/sms`, { schema: { body: smsBody } }, async (request) =>
    sendSms({ ...app.deps, smsGatewayUrl: app.deps.config.smsGatewayUrl }, request.auth, request.body),
  );
}
