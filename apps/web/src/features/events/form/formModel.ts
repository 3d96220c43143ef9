/**
 * Event ⇄ form values. The form shows times as 'DD.MM.YYYY HH:mm' and keeps ids as numbers; saving turns the
 * values into the saved subset of 000 §3: reporter name upper-cased, empty texts null, times on the wire.
 */
import { formatDateTime, fromWireTime, parseFormDateTime, toWireTime } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import { normalizeEventForm, type RuleTag } from '@panel/domain/events';

export type EventFormValues = Record<string, unknown>;

export const TEXT_FIELDS = [
  'reporterNumber',
  'reporterName',
  'reporterDescription',
  'investigator',
  'manager',
  'address',
  'addressDescription',
  'subject',
  'description',
] as const;
export const ID_FIELDS = ['eventCategoryId', 'serviceId', 'eventTypeId', 'eventTerrainId', 'priorityId'] as const;
export const LIST_FIELDS = ['eventToBase', 'eventAccess', 'eventToTags'] as const;
export const TIME_FIELDS = ['startAt', 'endAt'] as const;

const wireToForm = (v: unknown): string => (typeof v === 'string' && v ? formatDateTime(fromWireTime(v)) : '');

export function toFormValues(event: Partial<Event>): EventFormValues {
  const values: EventFormValues = {};
  for (const f of TEXT_FIELDS) values[f] = event[f] ?? '';
  for (const f of ID_FIELDS) values[f] = event[f] ?? null;
  for (const f of LIST_FIELDS) values[f] = Array.isArray(event[f]) ? [...(event[f] as number[])] : [];
  values.startAt = wireToForm(event.startAt ?? event.start);
  values.endAt = wireToForm(event.endAt);
  return values;
}

const emptyToNull = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? null : v);

/** The saved subset from the form values (000 §3, §5). */
export function toPayload(values: EventFormValues): Record<string, unknown> {
  const normalized = normalizeEventForm(values);
  const out: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) if (f in normalized) out[f] = emptyToNull(normalized[f]);
  for (const f of ID_FIELDS) if (f in normalized) out[f] = normalized[f] === '' ? null : (normalized[f] ?? null);
  for (const f of LIST_FIELDS) if (f in normalized) out[f] = normalized[f] ?? [];
  for (const f of TIME_FIELDS) {
    if (!(f in normalized)) continue;
    const d = parseFormDateTime(normalized[f] as string);
    out[f] = d ? toWireTime(d) : null;
  }
  return out;
}

/**
 * Only what the user changed since the form was loaded: an update sends these fields alone, so a conflict lists
 * only the user's own edits and 'Přepsat' keeps what another dispatcher changed in other fields.
 */
export function editedPayload(values: EventFormValues, loaded: EventFormValues): Record<string, unknown> {
  const now = toPayload(values);
  const before = toPayload(loaded);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(now)) {
    if (JSON.stringify(value ?? null) !== JSON.stringify(before[key] ?? null)) out[key] = value;
  }
  return out;
}

/** The event's tags with their settings (the ISPO locks read `options.locked`; the event carries ids). */
export function ruleTagsOf(
  event: Partial<Event> | null | undefined,
  tags: Record<number, { code: string; options?: Record<string, unknown> | null }>,
): RuleTag[] {
  return (event?.eventToTags ?? [])
    .map((id) => tags[id])
    .filter((t): t is NonNullable<typeof t> => Boolean(t))
    .map((t) => ({ code: t.code, options: t.options ?? null }));
}

/** Codes of the event's tags (rules take codes, the event carries ids). */
export function tagCodesOf(event: Partial<Event> | null | undefined, tags: Record<number, { code: string }>): string[] {
  return (event?.eventToTags ?? []).map((id) => tags[id]?.code).filter((c): c is string => Boolean(c));
}
