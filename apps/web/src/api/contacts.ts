/**
 * Contact calls (000 §7; docs/API.md "Contacts, commander and SMS (issue 5) — contract"). A saved or deleted
 * event contact goes into the entities store at once (the push → sync brings the same row a moment later).
 * Bodies and answers are the domain's schemas (`@panel/domain/contacts`, the bundle's EventContact of
 * `@panel/domain/sync`), only their types come here.
 */
import type { z } from 'zod';
import type { DirectoryHit, SmsAnswer, occurrenceInfoSchema, saveContactSchema } from '@panel/domain/contacts';
import type { EventContact } from '@panel/domain/sync';
import { useEntitiesStore } from '../stores/entitiesStore';
import { ApiError, api, fetchRaw, isAbortError } from './client';

export type { DirectoryHit, SmsAnswer } from '@panel/domain/contacts';

/** A new contact or a change (`id`); the panel sends its own `uuid` for a new one (idempotent retries). */
export type SaveContactBody = z.input<typeof saveContactSchema>;

/** POST /v2/event-contacts: create (no id, 201) or change (id, 200); the answer is the saved contact. */
export async function saveEventContact(body: SaveContactBody): Promise<EventContact> {
  const saved = await api.post<EventContact>('/v2/event-contacts', body);
  if (saved && typeof saved === 'object' && saved.id != null) {
    useEntitiesStore.getState().applyBundle({ eventContacts: [saved] });
  }
  return saved;
}

/** DELETE /v2/event-contacts/{id} → {result: true}. */
export async function removeEventContact(id: number): Promise<void> {
  await api.del(`/v2/event-contacts/${id}`);
  useEntitiesStore.getState().applyBundle({ removed: { eventContacts: [id] } });
}

/**
 * GET /v2/contacts?{name|number}={text}&fields=id,number,name,description — the contact form autocomplete.
 * Failures are silent (000 §8): an empty list.
 */
export async function searchDirectory(
  by: 'name' | 'number',
  text: string,
  signal?: AbortSignal,
): Promise<DirectoryHit[]> {
  const q = text.trim();
  if (!q) return [];
  try {
    const rows = await api.get<DirectoryHit[]>(
      `/v2/contacts?${by}=${encodeURIComponent(q)}&fields=id,number,name,description`,
      { signal, key: `contacts-directory-${by}` },
    );
    return Array.isArray(rows) ? rows : [];
  } catch (error) {
    if (!isAbortError(error) && !(error instanceof ApiError)) console.debug('[contacts] search failed', error);
    return [];
  }
}

const productPath = (product: string) => `/${encodeURIComponent(product || 'hzs')}`;

/** GET /{product}/occurrence/info?id={event uid}&base_id={base uid} → the suggested SMS text. */
export async function fetchSuggestedSms(product: string, eventUid: string, baseUid: string): Promise<string> {
  const query = new URLSearchParams({ id: eventUid, base_id: baseUid });
  const answer = await api.get<Partial<z.infer<typeof occurrenceInfoSchema>>>(
    `${productPath(product)}/occurrence/info?${query}`,
  );
  return typeof answer?.sms === 'string' ? answer.sms : '';
}

/** POST /{product}/contact/sms (form data base_id, number, content; event_id for the event journal). */
export async function sendSms(
  product: string,
  fields: { baseId: string; number: string; content: string; eventId?: number | null },
): Promise<SmsAnswer> {
  const form = new URLSearchParams({ base_id: fields.baseId, number: fields.number, content: fields.content });
  if (fields.eventId != null) form.set('event_id', String(fields.eventId));
  const response = await fetchRaw(`${productPath(product)}/contact/sms`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form.toString(),
  });
  return (await response.json()) as SmsAnswer;
}
