/**
 * The contact calls as one contract (000 §7; docs/API.md "Contacts, commander and SMS (issue 5) — contract"):
 * event contacts, the directory search and the SMS of a contact. The server validates with these, the web
 * infers its types from them.
 */
import { z } from 'zod';
import { statusMsgResult } from '../http/schema';
import { wireId, wireIdParam, wireIntParam } from '../http/index';

const optionalText = z.string().max(255).nullable().optional();

export const contactIdParams = z.object({ id: wireIdParam() });

/**
 * POST /v2/event-contacts: a new contact (no `id`) or a change of one (`id`). Unknown keys (the panel's whole
 * EventContact: contactTypeName, custom, persistent, deviceId, editable, send, …) are ignored; those are the
 * server's to decide. A new contact without `uuid` gets one from the server (the panel sends its own, so a
 * retry is idempotent).
 */
export const saveContactSchema = z
  .object({
    id: wireId().nullable().optional(),
    uuid: z.string().min(1).max(64).nullable().optional(),
    eventId: wireId().nullable().optional(),
    eventUuid: z.string().min(1).max(64).nullable().optional(),
    contactTypeId: wireId().nullable().optional(),
    title: optionalText,
    name: optionalText,
    number: z
      .union([z.string().max(64), z.number()])
      .nullable()
      .optional(),
  })
  .refine((b) => b.id != null || b.eventId != null || (b.eventUuid != null && b.eventUuid !== ''), {
    message: 'Chybí událost.',
    path: ['eventId'],
  });

export type SaveContactBody = z.infer<typeof saveContactSchema>;

/** GET /v2/contacts: `name` or `number` (at least one), `fields` (a subset of id,number,name,description). */
export const searchQuery = z.object({
  name: z.string().max(100).optional(),
  number: z.string().max(40).optional(),
  fields: z.string().max(200).optional(),
  limit: wireIntParam({ min: 1, max: 100 }).optional(),
});

/** The directory's fields; `fields` picks some of them, in its order. */
export const DIRECTORY_FIELDS = ['id', 'number', 'name', 'description'] as const;

/** One directory entry with the asked fields only (null where the entry has none). */
export const directoryHitSchema = z.object({
  id: z.number().int().optional(),
  number: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
});
export const directoryHitsSchema = z.array(directoryHitSchema);
export type DirectoryHit = z.infer<typeof directoryHitSchema>;

/** GET /{product}/occurrence/info?id={event uid}&base_id={base uid} */
export const occurrenceQuery = z.object({
  id: z.string().trim().min(1).max(64),
  base_id: z.string().trim().min(1).max(64),
});

/** The suggested SMS text of an event. */
export const occurrenceInfoSchema = z.object({ sms: z.string() });

/** POST /{product}/contact/sms (form data). `event_id` is ours: the event whose journal records the SMS. */
export const smsBody = z.object({
  base_id: z.coerce.string().trim().min(1).max(64),
  number: z.coerce.string().max(64).optional().default(''),
  content: z.coerce.string().max(2000).optional().default(''),
  event_id: z.coerce.string().trim().max(64).optional(),
});

export type SmsBody = z.output<typeof smsBody>;

/** `{status: 1, msg}` sent, `{status: 0, msg}` not sent (the gateway refused or failed); texts.sms. */
export const smsAnswerSchema = statusMsgResult;
export type SmsAnswer = z.infer<typeof smsAnswerSchema>;
