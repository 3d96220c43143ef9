/**
 * The event form state (react-hook-form): values from the event, validation by the domain rules of the
 * selected category (000 §5), the version the user started editing from (sent on update, 409 when stale),
 * and the category change of an unsaved event (defaults + start now, 000 §4).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime, toWireTime } from '@panel/domain/locale';
import type { Event, EventCategory } from '@panel/domain/sync';
import { categoryChangePatch, validateEventForm } from '@panel/domain/validation';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { toFormValues, type EventFormValues } from './formModel';

export type AnyEvent = Partial<Event> & { uuid: string; id: number | null };

export interface EventFormApi {
  form: ReturnType<typeof useForm<EventFormValues>>;
  /** messages of the last failed validation, in the category's order */
  notice: string[];
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

  const load = useCallback(
    (next: AnyEvent) => {
      loadedFrom.current = next;
      version.current = next.version;
      form.reset(toFormValues(next));
      setNotice([]);
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

  // a field's error goes once the user changes it (the notice stays until the next save)
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name && form.getFieldState(name).error) form.clearErrors(name);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const validate = useCallback(async () => {
    const values = form.getValues();
    const errors = validateEventForm(inputsRef.current, values);
    form.clearErrors();
    for (const e of errors) form.setError(e.field, { type: 'validate', message: e.message });
    setNotice(errors.map((e) => e.message));
    return errors.length ? null : values;
  }, [form]);

  const changeCategory = useCallback(
    (id: number) => {
      form.setValue('eventCategoryId', id, { shouldDirty: true });
      const next = categories[id];
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
