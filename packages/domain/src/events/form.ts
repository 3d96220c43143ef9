/**
 * Event form validation and normalization (000 §5): fields the category marks required must be filled
 * ('Vyplňte {label}'), the end time must not precede the start ('Chybné datum {label}', form format
 * DD.MM.YYYY HH:mm). Reporter name is upper-cased; empty description, investigator, manager and address
 * description are stored as null.
 */
import type { CategoryInput } from '../sync/index';
import { parseFormDateTime } from '../locale/dates';
import { eventFormTexts } from './texts';
import type { FieldError } from '../http/fieldErrors';

export type EventFormValues = Record<string, unknown>;

const isEmpty = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export function validateEventForm(
  inputs: Record<string, CategoryInput>,
  values: EventFormValues,
  times: { start: string; end: string } = { start: 'startAt', end: 'endAt' },
): FieldError[] {
  const errors: FieldError[] = [];
  const ordered = Object.entries(inputs).sort(([, a], [, b]) => a.sort - b.sort);
  for (const [field, input] of ordered) {
    if (Number(input.required) === 1 && isEmpty(values[field])) {
      errors.push({ field, message: eventFormTexts.requiredField(input.label) });
    }
  }
  const startText = values[times.start];
  const endText = values[times.end];
  if (typeof endText === 'string' && endText.trim() !== '' && !errors.some((e) => e.field === times.end)) {
    const end = parseFormDateTime(endText);
    const start = typeof startText === 'string' ? parseFormDateTime(startText) : null;
    if (!end || (start && end.getTime() < start.getTime())) {
      const label = inputs[times.end]?.label ?? times.end;
      errors.push({ field: times.end, message: eventFormTexts.invalidDate(label) });
    }
  }
  return errors;
}

const NULL_WHEN_EMPTY = ['description', 'investigator', 'manager', 'addressDescription'] as const;

export function normalizeEventForm<T extends EventFormValues>(values: T): T {
  const out: EventFormValues = { ...values };
  if (typeof out.reporterName === 'string') out.reporterName = out.reporterName.toUpperCase();
  for (const key of NULL_WHEN_EMPTY) {
    if (key in out && isEmpty(out[key])) out[key] = null;
  }
  return out as T;
}
