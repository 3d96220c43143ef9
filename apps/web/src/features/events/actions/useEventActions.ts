/**
 * The event's actions (000 §2, §4, §6, §8): what the rules allow, each with its run and the spec's toasts.
 * Failures keep the form as typed.
 */
import { ACTIVE_STATE, CLOSE_STATE, DELETED_STATE, ENDED_STATUS, FINAL_STATUS } from '@panel/domain/constants';
import { fromWireTime, texts } from '@panel/domain/locale';
import { hasNearbyEvent } from '@panel/domain/map';
import { useFormState } from 'react-hook-form';
import { createEventFrom, queueEvent, updateEvent } from '../eventWrites';
import { useAuthStore } from '../../../stores/authStore';
import { selectActiveEvents, useEntitiesStore } from '../../../stores/entitiesStore';
import { newUuid, useUiStore } from '../../../stores/uiStore';
import { useAbility } from '../../../stores/useAbility';
import { toast } from '../../../ui/toasts';
import { tagCodesOf, toPayload } from '../form/formModel';
import type { AnyEvent, EventFormApi } from '../form/useEventForm';
import { errorText } from './errors';
import { eventActions, type EventActionKey, type EventActionView } from './eventActionRules';
import { useSaveEvent } from './useSaveEvent';

export interface EventAction extends EventActionView {
  run: () => Promise<void> | void;
}

export function useEventActions(event: AnyEvent, api: EventFormApi) {
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  const tags = useEntitiesStore((s) => s.tags);
  const activeEvents = useEntitiesStore(selectActiveEvents);
  const { isDirty } = useFormState({ control: api.form.control });
  const saver = useSaveEvent(event, api);
  const tagCodes = tagCodesOf(event, tags);
  const ruleUser = { baseId: user?.baseId ?? null, groups: user?.groups ?? [], roles: user?.roles ?? [] };

  async function setState(eventStatusId: number, eventStateId: number, success?: string) {
    if (event.id == null) return;
    try {
      await updateEvent(event.id, { eventStatusId, eventStateId });
      if (success) toast.success(success);
    } catch (error) {
      toast.error(texts.events.saveFailed(errorText(error)));
    }
  }

  const runs: Record<EventActionKey, () => Promise<void> | void> = {
    save: saver.save,
    discard: () => api.discard(),
    end: async () => {
      if (event.id == null) return;
      try {
        await updateEvent(event.id, { eventStatusId: ENDED_STATUS });
        toast.success(texts.events.ended);
      } catch (error) {
        toast.error(texts.events.saveFailed(errorText(error)));
      }
    },
    close: () => setState(FINAL_STATUS, CLOSE_STATE, texts.events.closed),
    remove: () => {
      if (event.id != null) return setState(FINAL_STATUS, DELETED_STATE, texts.events.removed);
      useUiStore.getState().discardLocalEvent(event.uuid);
      toast.success(texts.events.removed);
    },
    createFrom: async () => {
      if (!(await api.validate())) return;
      const payload = toPayload(api.form.getValues());
      const fresh = {
        ...payload,
        uuid: newUuid(),
        eventCategoryId: Number(payload.eventCategoryId ?? event.eventCategoryId),
        eventStateId: ACTIVE_STATE,
        parentId: null,
        targetLatitude: event.targetLatitude ?? null,
        targetLongitude: event.targetLongitude ?? null,
      };
      try {
        const created = await createEventFrom(event.uuid, fresh, false);
        toast.success(texts.events.created);
        useUiStore.getState().setActiveEvent(created.uuid);
      } catch (error) {
        toast.error(texts.events.createFailed(errorText(error)));
      }
    },
    queue: async () => {
      if (event.id == null) return;
      try {
        await queueEvent(event.id);
        toast.success(texts.events.sendingToQueue);
      } catch {
        toast.error(texts.events.queueFailed);
      }
    },
    calendar: () => {
      const ui = useUiStore.getState();
      ui.showCalendar();
      const start = fromWireTime(event.start ?? null);
      if (start) {
        start.setHours(0, 0, 0, 0);
        useUiStore.setState({ calendarDate: start.getTime() });
      }
    },
  };

  const category = api.category;
  const items: EventAction[] = eventActions({
    ability,
    user: ruleUser,
    event,
    category,
    tagCodes,
    dirty: isDirty,
    nearby: hasNearbyEvent(event, activeEvents),
  }).map((v) => ({ ...v, run: runs[v.key] }));

  return { items, ...saver };
}
