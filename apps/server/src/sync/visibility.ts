/**
 * Who sees which events (docs/ARCHITECTURE.md, Sync): the central base (id 2), groups MNG and COIS and role
 * admin see every event; others see events owned by their base or shared with it through event_to_base.
 * Children (messages, contacts, jobs, geos, objects, links) follow their event.
 */
import { eq, exists, and, or, sql, type SQL } from 'drizzle-orm';
import { CENTRAL_BASE_ID } from '@panel/domain/constants';
import { eventToBase, events } from '../db/schema/index.js';

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

/** Devices of every unit (device overview with `device.all`), otherwise only the own unit's. */
export function seesAllDevices(v: Viewer): boolean {
  return seesAllEvents(v) || v.permissions.includes('device.all');
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
