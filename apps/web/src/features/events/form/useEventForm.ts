/**
 * The event form state (react-hook-form): values from the event, validation by the domain rules of the
 * selected category (000 §5), the version the user started editing from (sent on update, 409 when stale),
 * and the category change of an unsaved event (defaults + start now, 000 §4).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime, toWireTime } from '@panel/domain/locale';
import type { Event, EventCategory } from '@panel/domain/sync';
import { categoryChangePatch, validateEventForm } from '@panel/domain/events';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { registerForm } from './formBridge';
import { toFormValues, type EventFormValues } from './formModel';

export type AnyEvent = Partial<Event> & { uuid: string; id: number | null };

export interface EventFormApi {
  form: ReturnType<typeof useForm<EventFormValues>>;
  /** messages of the last failed validation, in the category's order */
  notice: string[];
  /** counts failed validations, so the form brings the first failing field into view each time */
  failures: number;
  /** the field of the first error of the last failed validation */
  firstError: () => string | null;
  /** validates; resolves the values, or null (the notice shows the list) */
  validate: () => Promise<EventFormValues | null>;
  /** the version the edit started from */
  baseVersion: () => number | undefined;
  /** the form values of the event as it was loaded (to send only what the user changed) */
  loadedValues: () => EventFormValues;
  /** load an event's values (after a save, or 'Převzít jejich') */
  load: (event: AnyEvent) => void;
  discard: () => void;
  changeCategory: (categoryId: number) => void;
  changeService: (serviceId: number | null) => void;
  category: EventCategory | undefined;
}

/** true when any form value differs from the values the form was loaded with */
export function isEdited(current: EventFormValues, loaded: EventFormValues): boolean {
  const keys = new Set([...Object.keys(current), ...Object.keys(loaded)]);
  for (const key of keys) {
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(loaded[key] ?? null)) return true;
  }
  return false;
}

export function useEventForm(event: AnyEvent): EventFormApi {
  const categories = useEntitiesStore((s) => s.eventCategories);
  const services = useEntitiesStore((s) => s.services);
  const form = useForm<EventFormValues>({ defaultValues: toFormValues(event), mode: 'onSubmit' });
  const categoryId = Number(form.watch('eventCategoryId') ?? event.eventCategoryId);
  const category = categories[categoryId] ?? (event.eventCategoryId ? categories[event.eventCategoryId] : undefined);
  const inputsRef = useRef(category?.inputs ?? {});
  inputsRef.current = category?.inputs ?? {};
  const version = useRef<number | undefined>(event.version);
  const loadedFrom = useRef<AnyEvent>(event);
  const [notice, setNotice] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);
  const firstError = useRef<string | null>(null);
  /** a save failed and the notice is up: changes validate again */
  const noticeShown = useRef(false);

  const load = useCallback(
    (next: AnyEvent) => {
      loadedFrom.current = next;
      version.current = next.version;
      form.reset(toFormValues(next));
      setNotice([]);
      noticeShown.current = false;
    },
    [form],
  );

  // another event, or a newer version of this one while the user has not changed anything. What the user typed
  // is never replaced by a push: the save then sends the version the edit started from and gets the 409 dialog.
  // (Compared by value: react-hook-form's formState.isDirty is a render-subscribed proxy, stale in an effect.)
  useEffect(() => {
    const prev = loadedFrom.current;
    if (prev.uuid !== event.uuid) load(event);
    else if (prev !== event && event.id != null && !isEdited(form.getValues(), toFormValues(prev))) load(event);
  }, [event, form, load]);

  // the map's target and address search write the address through the open form (issue 12 item 9)
  useEffect(
    () =>
      registerForm(event.uuid, {
        values: () => form.getValues(),
        edited: () => isEdited(form.getValues(), toFormValues(loadedFrom.current)),
        set: (patch) => {
          for (const [key, value] of Object.entries(patch)) form.setValue(key, value, { shouldDirty: true });
        },
      }),
    [event.uuid, form],
  );

  // Once a save failed, the notice follows the fields: each change validates again, so a fixed field leaves the
  // list (and loses its error) at once and the notice goes with the last error; a field that breaks anew
  // (e.g. the end moved before the start) joins the list. Before the first failed save nothing is shown.
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (!name || !noticeShown.current) return;
      const errors = validateEventForm(inputsRef.current, form.getValues());
      const failing = new Set(errors.map((e) => e.field));
      for (const field of Object.keys(inputsRef.current)) {
        if (!failing.has(field) && form.getFieldState(field).error) form.clearErrors(field);
      }
      for (const e of errors) {
        if (form.getFieldState(e.field).error?.message !== e.message) {
          form.setError(e.field, { type: 'validate', message: e.message });
        }
      }
      setNotice((prev) => {
        const next = errors.map((e) => e.message);
        return prev.length === next.length && prev.every((m, i) => m === next[i]) ? prev : next;
      });
      noticeShown.current = errors.length > 0;
    });
    return () => sub.unsubscribe();
  }, [form]);

  const validate = useCallback(async () => {
    const values = form.getValues();
    const errors = validateEventForm(inputsRef.current, values);
    form.clearErrors();
    for (const e of errors) form.setError(e.field, { type: 'validate', message: e.message });
    setNotice(errors.map((e) => e.message));
    noticeShown.current = errors.length > 0;
    firstError.current = errors[0]?.field ?? null;
    if (errors.length) setFailures((n) => n + 1);
    return errors.length ? null : values;
  }, [form]);

  const firstErrorField = useCallback(() => firstError.current, []);

  const changeCategory = useCallback(
    (id: number) => {
      const next = categories[id];
      // another category, other inputs: the last failed save's list and errors were the old category's, and
      // the change must not validate against the old inputs either (issue 24 item 3); 'Založit' checks anew
      noticeShown.current = false;
      inputsRef.current = next?.inputs ?? {};
      form.clearErrors();
      setNotice([]);
      form.setValue('eventCategoryId', id, { shouldDirty: true });
      if (event.id != null || !next) return;
      // unsaved event: the category's defaults and start now (000 §4)
      const patch = categoryChangePatch(next);
      const values = form.getValues();
      for (const [key, value] of Object.entries(patch)) {
        if (key === 'start') continue;
        if (key in values) form.setValue(key, value, { shouldDirty: true });
      }
      form.setValue('startAt', formatDateTime(patch.start), { shouldDirty: true });
      useUiStore.getState().updateLocalEvent(event.uuid, {
        ...(patch as unknown as Partial<Event>),
        start: toWireTime(patch.start),
        startAt: toWireTime(patch.start),
      });
    },
    [categories, event.id, event.uuid, form],
  );

  const changeService = useCallback(
    (serviceId: number | null) => {
      form.setValue('serviceId', serviceId, { shouldDirty: true });
      const typeId = serviceId != null ? services[serviceId]?.eventTypeId : null;
      if (typeId != null) form.setValue('eventTypeId', typeId, { shouldDirty: true });
    },
    [form, services],
  );

  return {
    form,
    notice,
    failures,
    firstError: firstErrorField,
    validate,
    baseVersion: () => version.current,
    loadedValues: () => toFormValues(loadedFrom.current),
    load,
    discard: () => load(loadedFrom.current),
    changeCategory,
    changeService,
    category,
  };
}
