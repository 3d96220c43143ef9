/** Event fields: body → column values with the 000 §5 normalisation, the category checks, 403 helper. */
import { fromWireTime, texts } from '@panel/domain/locale';
import { type events } from '../../db/schema/index.js';
import { HttpError, unprocessable } from '../../errors.js';
import type { FieldError } from '../../texts.js';
import { type CategoryRow } from './access.js';
import { EVENT_FIELD_LABELS, EVENT_REFERENCE_FIELDS, type EventFields } from '@panel/domain/events';

/** one entry of a 422 `[{field, message}]` (the domain's, re-exported for the event modules) */
export type { FieldError };

/** Message categories that get a conversation when an event of this category type is created. */
export const CONVERSATION_TYPES: Record<string, number[]> = { event: [1, 2], chat: [1], support: [1] };

export const TIME_FIELDS = ['start', 'startAt', 'endAt'] as const;
export const NULL_WHEN_EMPTY = ['description', 'investigator', 'manager', 'addressDescription'] as const;
export const SCALAR_FIELDS = [
  ...EVENT_REFERENCE_FIELDS,
  'serviceId',
  'subject',
  'description',
  'reporterName',
  'reporterNumber',
  'reporterDescription',
  'address',
  'addressData',
  'addressDescription',
  'data',
  'targetLatitude',
  'targetLongitude',
  'destinationLatitude',
  'destinationLongitude',
  'investigator',
  'manager',
  'eventAccess',
] as const;

/** Fields of a state transition (not attributes of the form). */
export const TRANSITION_FIELDS = new Set(['parentId', 'eventStateId', 'eventStatusId']);

/** Saved column values (DB shape) of an event. */
export type Values = Partial<typeof events.$inferInsert>;

export interface Prepared {
  values: Values;
  units?: number[];
  tags?: number[];
}

export function label(category: CategoryRow | undefined | null, field: string): string {
  const inputs = (category?.inputs ?? {}) as Record<string, { label?: string }>;
  return inputs[field]?.label ?? EVENT_FIELD_LABELS[field] ?? field;
}

/** Body fields → column values (only the keys present in the body), with 000 §5 normalisation. */
export function toValues(body: EventFields, category: CategoryRow, errors: FieldError[]): Prepared {
  const values: Values = {};
  const src = body as Record<string, unknown>;
  for (const f of SCALAR_FIELDS) if (f in src && src[f] !== undefined) (values as Record<string, unknown>)[f] = src[f];
  for (const f of TIME_FIELDS) {
    if (!(f in src) || src[f] === undefined) continue;
    const raw = src[f] as string | null;
    if (raw === null || raw === '') values[f] = null;
    else {
      // strict: Date.parse would take '99999-01-01' or '2026-02-30' (issue 11)
      const d = fromWireTime(raw);
      if (!d) errors.push({ field: f, message: texts.validation.invalidDate(label(category, f)) });
      else values[f] = d;
    }
  }
  for (const f of NULL_WHEN_EMPTY) {
    const v = values[f];
    if (typeof v === 'string' && v.trim() === '') values[f] = null;
  }
  if (typeof values.reporterName === 'string') values.reporterName = values.reporterName.toUpperCase();
  return { values, units: body.eventToBase, tags: body.eventToTags };
}

export function isEmpty(v: unknown): boolean {
  return v == null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** Required inputs of the category and the end-after-start rule on the merged event. */
export function checkEvent(category: CategoryRow, merged: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const inputs = category.inputs as Record<string, { label?: string; required?: number | boolean; sort?: number }>;
  const required = Object.entries(inputs)
    .filter(([, i]) => i.required === 1 || i.required === true)
    .sort(([, a], [, b]) => (a.sort ?? 0) - (b.sort ?? 0));
  for (const [field] of required) {
    if (isEmpty(merged[field])) errors.push({ field, message: texts.validation.requiredField(label(category, field)) });
  }
  const startAt = merged.startAt as Date | null | undefined;
  const endAt = merged.endAt as Date | null | undefined;
  if (startAt instanceof Date && endAt instanceof Date && endAt < startAt) {
    errors.push({ field: 'endAt', message: texts.validation.invalidDate(label(category, 'endAt')) });
  }
  return errors;
}

/** The category's default values restricted to saved fields (time fields excluded; start becomes now). */
export function categoryDefaults(category: CategoryRow): Values {
  const out: Values = {};
  const defaults = category.defaultValues as Record<string, unknown>;
  for (const f of SCALAR_FIELDS) if (f in defaults) (out as Record<string, unknown>)[f] = defaults[f];
  return out;
}

export const missingCategory = () =>
  unprocessable({ field: 'eventCategoryId', message: texts.validation.requiredField('Kategorie') });

/** 403 `{message, field}`: the refused field named for the panel. */
export function refuse(message: string, field?: string): HttpError {
  return new HttpError(403, message, field ? { message, field } : { message });
}

// ---------------------------------------------------------------- create
