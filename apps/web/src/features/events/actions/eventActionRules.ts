/**
 * Which actions the event's action bar offers (000 §2 buttons, §6 rules), with the category's label, tooltip,
 * confirmation and icon. Pure: the hook adds what each one does.
 */
import {
  canCloseEvent,
  canCreateFrom,
  canEndEvent,
  canRemoveEvent,
  canSendToQueue,
  isMine,
} from '@panel/domain/events';
import { isCentral, type RuleUser, type AppAbility } from '@panel/domain/auth';
import { texts } from '@panel/domain/locale';
import type { CategoryAction, Event, EventCategory } from '@panel/domain/sync';

export type EventActionKey = 'save' | 'end' | 'close' | 'remove' | 'discard' | 'createFrom' | 'queue' | 'calendar';

export interface EventActionView {
  key: EventActionKey;
  label: string;
  tooltip: string | null;
  confirm: string | null;
  icon: string | null;
  /** the category's class (primary, error …) */
  tone: string | null;
  disabled: boolean;
}

export const OUR_LABELS = {
  discard: 'Zrušit změny', // ours
  createFrom: 'Vytvořit z této', // ours
  createFromTooltip: 'Založit novou událost z této události', // ours
} as const;

export interface ActionRuleInput {
  ability: AppAbility;
  user: RuleUser;
  event: Partial<Event> & { id: number | null };
  category: Pick<EventCategory, 'actions' | 'inputs' | 'type' | 'code' | 'id'> | null | undefined;
  tagCodes: string[];
  dirty: boolean;
  /** an active event lies within the nearby radius of this one's target (domain `hasNearbyEvent`) */
  nearby: boolean;
}

const view = (
  key: EventActionKey,
  action: Partial<CategoryAction> | undefined,
  fallback: string,
  disabled = false,
): EventActionView => ({
  key,
  label: action?.label || fallback,
  tooltip: action?.tooltip ?? null,
  confirm: action?.confirm ?? null,
  icon: action?.icon ?? null,
  tone: action?.class ?? null,
  disabled,
});

export function eventActions({
  ability,
  user,
  event,
  category,
  tagCodes,
  dirty,
  nearby,
}: ActionRuleInput): EventActionView[] {
  const actions = category?.actions ?? {};
  const local = event.id === null || event.id === undefined;
  const ruleEvent = { ...event, baseId: event.baseId ?? (local ? user.baseId : null) };
  const out: EventActionView[] = [];
  if (local) {
    if (actions.create && ability.can('create', 'Event')) out.push(view('save', actions.create, 'Založit'));
    // a never-saved event is discarded locally
    if (actions.remove) out.push(view('remove', actions.remove, 'Odebrat'));
    return out;
  }
  const mayWrite = isMine(ruleEvent, user) || isCentral(user);
  if (actions.update && ability.can('update', 'Event') && mayWrite) {
    out.push(view('save', actions.update, 'Uložit', !dirty));
  }
  if (dirty) out.push(view('discard', { icon: 'undo' }, OUR_LABELS.discard));
  // 000 §4's end (status 6) is no category action: the same button on every event the rule lets end
  if (canEndEvent(ability, user, ruleEvent, category)) {
    out.push(view('end', { icon: 'stop_circle', confirm: texts.events.endConfirm }, texts.events.endAction));
  }
  if (canCloseEvent(ability, user, ruleEvent, category)) out.push(view('close', actions.close, 'Uzavřít'));
  if (actions.remove) {
    out.push(view('remove', actions.remove, 'Odebrat', !canRemoveEvent(ability, user, ruleEvent, category, tagCodes)));
  }
  // 000 §7: create-from is "offered when nearby events exist" — the same rule as the server's link candidates
  if (ability.can('create', 'Event') && canCreateFrom(category, ruleEvent) && nearby) {
    out.push(
      view('createFrom', { icon: 'content_copy', tooltip: OUR_LABELS.createFromTooltip }, OUR_LABELS.createFrom),
    );
  }
  if (actions.queue) out.push(view('queue', actions.queue, 'Do fronty', !canSendToQueue(tagCodes)));
  if (actions.calendar && ability.can('view', 'Event')) out.push(view('calendar', actions.calendar, 'Kalendář'));
  return out;
}
