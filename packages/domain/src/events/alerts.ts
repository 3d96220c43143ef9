/**
 * Event alerts (000 §4 "Event alert raised only if…", 001 §4): who is alerted and who may accept. Pure, shared
 * by the panel (which raises the alerts) and the server (which refuses or records the acceptance, and whose
 * tests prove over the demo roles that every alert-bearing event alerts somebody who may accept it).
 *
 * Readings where the spec is open (issue 12 items 1–2, docs/READINGS.md "Alerts"):
 * - An event is *addressed* to its own base and to its units (`eventToBase`). A user of such a base is an
 *   addressee; everybody else who has the event sees it only because they see every event (central base,
 *   groups COIS/MNG, role admin).
 * - DZIN gate ("the user's group is allowed for the DZIN categories"): events of a category whose code starts
 *   with 'DZIN' alert their addressees, and of the others only groups COIS (central dispatch) and MNG
 *   (management). A unit is never gated out of its own DŽIN call.
 * - "not a call for base 2": a call received at the central base (the event's base is 2) is already on the
 *   central dispatcher's phone — it raises no alert anywhere. A unit's call alerts that unit and whoever else
 *   passes the rule (the central dispatch, which may accept it too), so a call to an unstaffed unit does not
 *   fall between chairs.
 * - "the event is active": not in the inactive states 3–7; "for calls the state is not above 1".
 * - May accept ('Přijmout zprávu' saves state 0 → 1) = may update the event's state: update Event, the event is
 *   active, and the user's base owns it, is one of its units, is the central base, or the user has updateState.
 *   Everybody else (group MNG: view only) gets the alert as information: no button, no repeating sound.
 */
import { ACTIVE_STATE, ALERT_STATE, CENTRAL_BASE_ID, INACTIVE_STATES } from '../constants/index';
import { isCentral } from '../auth/ability';
import type { AppAbility } from '../auth/permissions';
import { isMine } from './rules';
import { isEscalatedToCentral, takesEscalation } from '../alerts/escalationRules';
import type { Event, EventAlert, EventCategory } from '../sync/index';

export const DZIN_PREFIX = 'DZIN';
/** Groups alerted by DZIN events they are not addressed by. */
export const DZIN_GROUPS: readonly string[] = ['COIS', 'MNG'];

export type AlertSkipReason =
  | 'not-loaded'
  | 'no-event'
  | 'no-alert-title'
  | 'category-alerts-off'
  | 'dzin-group'
  | 'call-for-central-base'
  | 'own-device'
  | 'inactive'
  | 'call-state-above-1';

export type AlertDecision = { raise: true } | { raise: false; reason: AlertSkipReason };

/** The category fields the rule reads (a wire category or a seed/database row). */
export type AlertCategory = {
  code?: string | null;
  type?: EventCategory['type'] | string | null;
  alert?: number | null;
};
export type AlertEvent = Pick<Event, 'alert' | 'eventStateId' | 'deviceId' | 'baseId'> &
  Partial<Pick<Event, 'eventToBase'>>;

export interface AlertContext {
  loaded: boolean;
  category: AlertCategory | null | undefined;
  user: { baseId: number | null; groups?: readonly string[] | null } | null;
  /** this panel's device */
  deviceId: number | null;
}

const inactive = new Set<number>(INACTIVE_STATES);
const skip = (reason: AlertSkipReason): AlertDecision => ({ raise: false, reason });

const isCall = (category: AlertCategory | null | undefined) => category?.type === 'call';
const isDzin = (category: AlertCategory | null | undefined) => String(category?.code ?? '').startsWith(DZIN_PREFIX);

/** The user's base owns the event or is one of its units. */
export function isAddressee(
  event: Pick<Event, 'baseId'> & Partial<Pick<Event, 'eventToBase'>>,
  user: { baseId: number | null } | null,
): boolean {
  const base = user?.baseId;
  if (base === null || base === undefined) return false;
  return event.baseId === base || (event.eventToBase ?? []).map(Number).includes(base);
}

/** A call received at the central base: on the central dispatcher's phone already, alerted nowhere. */
export const isCentralCall = (event: Pick<Event, 'baseId'>, category: AlertCategory | null | undefined): boolean =>
  isCall(category) && event.baseId === CENTRAL_BASE_ID;

/**
 * Whether the event carries an alert at all, whoever looks: an alert title, a category with alerts on, an active
 * event (a call in state 0 or 1), not a call of the central base. The user-dependent conditions (DZIN group, own
 * device) are `alertDecision`'s.
 */
export function bearsAlert(event: AlertEvent, category: AlertCategory | null | undefined): boolean {
  if (!event.alert?.title || !category || Number(category.alert) !== 1) return false;
  const state = Number(event.eventStateId);
  if (inactive.has(state) || (isCall(category) && state > ACTIVE_STATE)) return false;
  return !isCentralCall(event, category);
}

/** Whether this panel raises the event's alert; one reason per refused condition of 000 §4. */
export function alertDecision(event: AlertEvent | null | undefined, ctx: AlertContext): AlertDecision {
  return decide(event, ctx, true);
}

/**
 * A call of the central base still waiting in state 0 raises no alert (000 §4: it is on the central
 * dispatcher's phone), but a phone nobody picks up must not vanish without a trace (issue 24 item 5): the panels
 * that would be alerted by it were it a unit's call keep a quiet trace of it — counted on the bell and listed in
 * the alert dialog, without a sound and without opening the dialog — until somebody accepts it.
 */
export function leavesMissedCallTrace(event: AlertEvent | null | undefined, ctx: AlertContext): boolean {
  if (!event || Number(event.eventStateId) !== ALERT_STATE || !isCentralCall(event, ctx.category)) return false;
  return decide(event, ctx, false).raise;
}

function decide(event: AlertEvent | null | undefined, ctx: AlertContext, centralCallsAlert: boolean): AlertDecision {
  if (!ctx.loaded) return skip('not-loaded');
  if (!event) return skip('no-event');
  if (!event.alert?.title) return skip('no-alert-title');
  const category = ctx.category;
  if (!category || Number(category.alert) !== 1) return skip('category-alerts-off');
  const groups = ctx.user?.groups ?? [];
  // an alert nobody accepted in time goes to the central dispatch (issue 25 item 3, step 2): neither the DZIN
  // gate nor the own-device rule keeps it from group COIS and the central base while it waits in state 0
  const escalated =
    Number(event.eventStateId) === ALERT_STATE && isEscalatedToCentral(event.alert) && takesEscalation(ctx.user);
  if (!escalated && isDzin(category) && !isAddressee(event, ctx.user) && !groups.some((g) => DZIN_GROUPS.includes(g))) {
    return skip('dzin-group');
  }
  if (centralCallsAlert && isCentralCall(event, category)) return skip('call-for-central-base');
  if (!escalated && event.deviceId !== null && event.deviceId !== undefined && event.deviceId === ctx.deviceId) {
    return skip('own-device');
  }
  const state = Number(event.eventStateId);
  if (inactive.has(state)) return skip('inactive');
  if (isCall(category) && state > ACTIVE_STATE) return skip('call-state-above-1');
  return { raise: true };
}

/**
 * May the user accept the event's alert (save state 0 → 1)? The server's rule for that transition: update
 * Event, an active event, and own base, one of its units, the central base or updateState Event.
 */
export function canAcceptAlert(
  ability: AppAbility,
  user: { baseId: number | null },
  event: Pick<Event, 'baseId' | 'eventStateId'> & Partial<Pick<Event, 'eventToBase'>>,
): boolean {
  if (!ability.can('update', 'Event')) return false;
  if (inactive.has(Number(event.eventStateId))) return false;
  return isMine(event, user) || isAddressee(event, user) || isCentral(user) || ability.can('updateState', 'Event');
}

/** The acceptance the server records on the alert (0 → 1), null while nobody has accepted it. */
export const acceptanceOf = (event: Pick<Event, 'alert'> | null | undefined): EventAlert['acceptedBy'] =>
  event?.alert?.acceptedBy ?? null;

/** The state change 'Přijmout zprávu' asks for: only an event waiting in state 0 has one. */
export const awaitsAcceptance = (event: Pick<Event, 'eventStateId'>): boolean =>
  Number(event.eventStateId) === ALERT_STATE;

/** The alert a created event gets when its category has alerts on (panel-created events carry none else). */
export function alertForNewEvent(
  fields: {
    subject?: string | null;
    description?: string | null;
    address?: string | null;
    reporterNumber?: string | null;
  },
  category: { alert: number | null; name: string | null },
): EventAlert | null {
  if (Number(category.alert) !== 1) return null;
  const title = fields.subject?.trim() || category.name?.trim() || null;
  if (!title) return null;
  return {
    title,
    subtitle: fields.address?.trim() || fields.reporterNumber?.trim() || null,
    description: fields.description?.trim() || null,
  };
}
