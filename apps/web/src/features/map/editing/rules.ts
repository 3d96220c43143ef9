/**
 * When the map editing items show (001 §5, §6), as pure functions of the menu context and the catalogue data,
 * so they are tested without a map or stores:
 *
 * - target and destination: update Event and `canEditAttribute` of the coordinates (a local event belongs to
 *   the user's base); a new event's target: no active event and create Event ('Příjem volání');
 * - terrain: `canEditAttribute(eventTerrainId)`; the address is filled only when `address` is editable;
 * - notes: `canUseMapNotes` (manage Message2, not call/chat/monitor/support, saved) of an active event;
 * - drawing and editing a geo object: `canDraw` (saved, the user's base) of an active event;
 * - linking: `canLinkFromMap` (group COIS, a category of the linkable list = categories of type 'event', the
 *   list `canUnlink` uses), a saved event with a target and no parent.
 */
import { canDraw, canSetTarget, canUseMapNotes } from '@panel/domain/map';
import { type RuleTag, canEditAttribute, canLinkFromMap, canReceiveCall } from '@panel/domain/events';
import type { FeatureLike } from 'ol/Feature';
import type { Event, EventCategory } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { MapMenuContext } from '../contextMenu/menuTypes';
import { hasDestination, hasTarget } from '../layers/eventFeatures';
import type { MapPoint } from '../mapStore';

export interface EditData {
  categories: Record<number, EventCategory>;
  tags: Record<number, { code: string; options?: Record<string, unknown> | null }>;
  events: Record<number, Event>;
  points: readonly MapPoint[];
}

type Ctx = Pick<MapMenuContext, 'activeEvent' | 'ability' | 'user' | 'feature'>;
type AnyEvent = Partial<Event> & { uuid: string };

/** The event's tags with their settings: the ISPO locks read `options.locked`. */
const ruleTags = (event: AnyEvent, tags: EditData['tags']): RuleTag[] =>
  (event.eventToTags ?? [])
    .map((id) => tags[id])
    .filter((t): t is NonNullable<typeof t> => Boolean(t))
    .map((t) => ({ code: t.code, options: t.options ?? null }));

const isLive = (event: AnyEvent) => !INACTIVE_STATES.includes(Number(event.eventStateId ?? 1));

/** `canEditAttribute` for the active event; an unsaved event belongs to the user's base. */
export function canEditActive(ctx: Ctx, data: EditData, attribute: string): boolean {
  const active = ctx.activeEvent;
  if (!active || !ctx.user) return false;
  const event: AnyEvent = active.event;
  const ruleEvent = { ...event, baseId: event.id == null ? ctx.user.baseId : (event.baseId ?? null) };
  const category = event.eventCategoryId != null ? data.categories[event.eventCategoryId] : undefined;
  return canEditAttribute(ctx.user, ruleEvent, category, attribute, ruleTags(event, data.tags));
}

export const canSetEventTarget = (ctx: Ctx, data: EditData): boolean =>
  Boolean(ctx.activeEvent) &&
  canSetTarget(ctx.ability) &&
  canEditActive(ctx, data, 'targetLatitude') &&
  canEditActive(ctx, data, 'targetLongitude');

export const canSetNewEventTarget = (ctx: Ctx): boolean => !ctx.activeEvent && canReceiveCall(ctx.ability);

export const canEditTerrain = (ctx: Ctx, data: EditData): boolean => canEditActive(ctx, data, 'eventTerrainId');
export const canEditAddress = (ctx: Ctx, data: EditData): boolean => canEditActive(ctx, data, 'address');

export const canSetDestination = (ctx: Ctx, data: EditData): boolean =>
  Boolean(ctx.activeEvent) &&
  canSetTarget(ctx.ability) &&
  canEditActive(ctx, data, 'destinationLatitude') &&
  canEditActive(ctx, data, 'destinationLongitude');

export const canRemoveDestination = (ctx: Ctx, data: EditData): boolean =>
  canSetDestination(ctx, data) && hasDestination(ctx.activeEvent!.event as Event);

/** The map point (search result, entered coordinates) under the pointer. */
export function pointUnder(ctx: Pick<Ctx, 'feature'>, data: Pick<EditData, 'points'>): MapPoint | null {
  const id = ctx.feature?.get('pointId') as string | undefined;
  return id ? (data.points.find((p) => p.id === id) ?? null) : null;
}

/** Plain coordinates and points of type custom ask for the terrain first (001 §4). */
export const needsTerrain = (point: MapPoint | null): boolean => !point || point.type_code === 'custom';

function notesAllowed(ctx: Ctx, data: EditData, event: AnyEvent | undefined): boolean {
  if (!event || event.id == null || !isLive(event)) return false;
  const category = event.eventCategoryId != null ? data.categories[event.eventCategoryId] : undefined;
  return canUseMapNotes(ctx.ability, category, event);
}

export const canAddNote = (ctx: Ctx, data: EditData): boolean =>
  ctx.activeEvent?.kind === 'saved' && notesAllowed(ctx, data, ctx.activeEvent.event);

export const noteIdUnder = (ctx: Pick<Ctx, 'feature'>): number | null => {
  const id = ctx.feature?.get('noteId') as number | undefined;
  return typeof id === 'number' ? id : null;
};

/** A note can be edited or deleted by the rule of its own event. */
export const canEditNote = (ctx: Ctx, data: EditData, eventId: number | undefined): boolean =>
  eventId != null && notesAllowed(ctx, data, data.events[eventId]);

function drawAllowed(ctx: Ctx, event: AnyEvent | undefined): boolean {
  if (!event || !ctx.user || !isLive(event)) return false;
  return canDraw(ctx.user, { id: event.id ?? null, baseId: event.baseId ?? null });
}

export const canDrawOnActive = (ctx: Ctx): boolean =>
  ctx.activeEvent?.kind === 'saved' && drawAllowed(ctx, ctx.activeEvent.event);

export const geoIdUnder = (ctx: Pick<Ctx, 'feature'>): number | null => {
  const id = ctx.feature?.get('geoId') as number | undefined;
  return typeof id === 'number' ? id : null;
};

/** Editing and deleting a geo object: its event is the active one and drawing is allowed there. */
export const canEditGeo = (ctx: Ctx, data: EditData, eventId: number | undefined): boolean =>
  eventId != null && ctx.activeEvent?.event.id === eventId && drawAllowed(ctx, data.events[eventId]);

/** The categories whose events may be linked on the map: those of type 'event' (as `canUnlink`). */
export const linkableCategoryIds = (categories: EditData['categories']): number[] =>
  Object.values(categories)
    .filter((c) => c.type === 'event')
    .map((c) => c.id);

export function canStartLinking(ctx: Ctx, data: EditData): boolean {
  const active = ctx.activeEvent;
  if (active?.kind !== 'saved' || !ctx.user) return false;
  const event = active.event;
  return (
    event.parentId == null &&
    isLive(event) &&
    hasTarget(event) &&
    canLinkFromMap(ctx.user, event.eventCategoryId, linkableCategoryIds(data.categories))
  );
}

/** The event whose target (or link candidate mark) is under the pointer, when it is not the active one. */
export function linkTargetUnder(
  ctx: Ctx,
  data: Pick<EditData, 'events'>,
  features: readonly FeatureLike[] = ctx.feature ? [ctx.feature] : [],
): Event | null {
  for (const feature of features) {
    const uuid = feature.get('eventUuid') as string | undefined;
    const kind = feature.get('kind') as string | undefined;
    if (!uuid || (kind !== 'event-target' && kind !== 'link-candidate')) continue;
    if (uuid === ctx.activeEvent?.event.uuid) continue;
    const event = Object.values(data.events).find((e) => e.uuid === uuid && e.id != null);
    if (event) return event;
  }
  return null;
}
