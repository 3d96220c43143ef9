/**
 * Who sees which events (docs/ARCHITECTURE.md "sync"): the central base (id 2), groups MNG and COIS and role
 * admin see every event; others see events owned by their base or shared with it through event_to_base.
 * Children (messages, contacts, jobs, geos, objects, links) follow their event.
 */
import { eq, exists, and, or, sql, type SQL } from 'drizzle-orm';
import { CENTRAL_BASE_ID } from '@panel/domain/constants';
import { isTagVisible } from '@panel/domain/events';
import { eventToBase, events } from '../db/schema/index.js';

/** What the bundle needs to know of the requesting user (a subset of AuthContext). */
export interface BundleAuth {
  user: { id: number; baseId: number | null; roles: string[]; groups: string[] };
  permissions: string[];
}

export interface Viewer {
  id: number;
  baseId: number | null;
  roles: string[];
  groups: string[];
  permissions: string[];
}

export const ALL_EVENTS_GROUPS = ['MNG', 'COIS'];
export const ALL_EVENTS_ROLES = ['admin'];

export function seesAllEvents(v: Viewer): boolean {
  return (
    v.baseId === CENTRAL_BASE_ID ||
    v.groups.some((g) => ALL_EVENTS_GROUPS.includes(g)) ||
    v.roles.some((r) => ALL_EVENTS_ROLES.includes(r))
  );
}

/**
 * Devices of every unit: the server permission `device.all` on the central base (000 §6 / 001 §6 "device.all
 * needs the central base and lets a user choose any unit in the device overview; otherwise own unit"). Seeing
 * every event (groups MNG and COIS, role admin) does not widen it: mng and udrp see their own unit's devices.
 * The device calls and the bundle's `devices` share this rule.
 */
export function seesAllDevices(v: Viewer): boolean {
  return v.baseId === CENTRAL_BASE_ID && v.permissions.includes('device.all');
}

/** SQL condition on `events` for the viewer; undefined = no restriction. */
export function eventVisibleSql(v: Viewer): SQL | undefined {
  if (seesAllEvents(v)) return undefined;
  if (v.baseId == null) return sql`false`;
  return or(
    eq(events.baseId, v.baseId),
    exists(
      sql`(select 1 from ${eventToBase} where ${and(eq(eventToBase.eventId, events.id), eq(eventToBase.baseId, v.baseId))})`,
    ),
  );
}

/** The same rule on a loaded event. */
export function isEventVisible(v: Viewer, e: { baseId: number | null; eventToBase: number[] }): boolean {
  if (seesAllEvents(v)) return true;
  if (v.baseId == null) return false;
  return e.baseId === v.baseId || e.eventToBase.includes(v.baseId);
}

/**
 * Whether a tag (catalogue row or one applied to an event) is sent to the viewer at all: tags coded `C_…` go
 * only to the central base (000 §6), by the domain's rule the web uses too. Other bases never receive them,
 * neither in the catalogue nor in an event's `eventToTags`.
 */
export function seesTag(v: Viewer, tag: { code: string }): boolean {
  return isTagVisible(tag, v);
}

/**
 * The visibility class of a viewer: viewers of one class get the same events, children, links, tags and
 * devices, so a delta is cut once per class (modules/sync/delta/view.ts). Every viewer-dependent rule above must be
 * reflected here — a rule that reads another property of the viewer needs it in this key.
 */
export function visibilityClass(v: Viewer): string {
  const events = seesAllEvents(v) ? '*' : String(v.baseId);
  const tags = seesTag(v, { code: 'C_' }) ? 'C' : '-';
  const devices = seesAllDevices(v) ? '*' : String(v.baseId);
  return `${events}|${tags}|${devices}`;
}
