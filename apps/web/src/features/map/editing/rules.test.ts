/** The editing items' visibility rules (001 §5, §6) as pure functions of a menu context. */
import { describe, expect, it } from 'vitest';
import Feature from 'ol/Feature';
import { buildAbility } from '@panel/domain/auth';
import type { Event, EventCategory } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { makeEvent } from '../../../test/factories';
import { eventItems } from '../contextMenu/eventItems';
import { linkItems } from '../contextMenu/linkItems';
import { visibleItems } from '../contextMenu/MapContextMenu';
import type { MapMenuContext } from '../contextMenu/menuTypes';
import {
  canAddNote,
  canDrawOnActive,
  canEditGeo,
  canEditNote,
  canEditTerrain,
  canRemoveDestination,
  canSetDestination,
  canSetEventTarget,
  canSetNewEventTarget,
  canStartLinking,
  linkTargetUnder,
  needsTerrain,
  pointUnder,
  type EditData,
} from './rules';

const category = (id: number, type: EventCategory['type'], inputs: EventCategory['inputs'] = {}) =>
  ({ id, type, code: `C${id}`, inputs, actions: {} }) as unknown as EventCategory;

const data = (events: Event[] = [], over: Partial<EditData> = {}): EditData => ({
  categories: {
    5: category(5, 'event'),
    7: category(7, 'call'),
    9: category(9, 'chat'),
    12: category(12, 'support'),
    14: category(14, 'monitor'),
    15: category(15, 'data'),
    20: category(20, 'event', { targetLatitude: { readonly: 1 } as never }),
    21: category(21, 'event', { eventTerrainId: { readonly: 1 } as never }),
  },
  // the ISPO lock reads the tag's settings (issue 12 item 11)
  tags: { 1: { code: 'ISPO', options: { locked: ['targetLatitude', 'targetLongitude', 'address'] } } },
  events: Object.fromEntries(events.map((e) => [e.id, e])),
  points: [
    { id: 'p1', uuid: 'p1', title: 'Kolín', type_code: 'station', coordinates: [15.2, 50.02] },
    { id: 'p2', uuid: 'p2', title: 'Souřadnice', type_code: 'custom', coordinates: [15.3, 50.1] },
  ],
  ...over,
});

type User = { baseId: number; groups?: string[]; roles?: string[] };
const abilityOf = (user: User, permissions: string[]) =>
  buildAbility({
    user: { id: 1, baseId: user.baseId, roles: user.roles ?? [], groups: user.groups ?? [] },
    permissions,
    activeEvent: null,
    eventRoles: [],
  });

function ctx(
  event: Event | (Partial<Event> & { uuid: string; id: null }) | null,
  opts: { user?: User; permissions?: string[]; feature?: Feature | null; reduced?: boolean } = {},
): MapMenuContext {
  const user = opts.user ?? { baseId: 3 };
  return {
    map: null as never,
    lonLat: [14.5, 50.1],
    feature: opts.feature ?? null,
    activeEvent: event
      ? event.id == null
        ? { kind: 'local', event: event as never }
        : { kind: 'saved', event: event as Event }
      : null,
    ability: abilityOf(user, opts.permissions ?? ['event.update', 'event.create']),
    user: { id: 1, baseId: user.baseId, groups: user.groups ?? [], roles: user.roles ?? [] },
    reduced: opts.reduced ?? false,
  };
}

const own = (patch: Partial<Event> = {}) =>
  makeEvent(10, { baseId: 3, eventStateId: 2, targetLatitude: 50.1, targetLongitude: 14.5, eventToTags: [], ...patch });

describe('target and destination', () => {
  it('needs update Event and the coordinates editable (own base, active, not readonly, no ISPO)', () => {
    expect(canSetEventTarget(ctx(own()), data())).toBe(true);
    expect(canSetEventTarget(ctx(own(), { permissions: [] }), data())).toBe(false);
    expect(canSetEventTarget(ctx(own({ baseId: 4 })), data())).toBe(false);
    expect(canSetEventTarget(ctx(own({ eventStateId: 5 })), data())).toBe(false);
    expect(canSetEventTarget(ctx(own({ eventCategoryId: 20 })), data())).toBe(false);
    expect(canSetEventTarget(ctx(own({ eventToTags: [1] })), data())).toBe(false);
    expect(canSetEventTarget(ctx(null), data())).toBe(false);
  });

  it('a local event belongs to the user: target settable', () => {
    const local = { uuid: 'local-1', id: null, eventCategoryId: 5, eventStateId: 1 } as const;
    expect(canSetEventTarget(ctx(local), data())).toBe(true);
  });

  it('new event target: only without an active event and with create Event', () => {
    expect(canSetNewEventTarget(ctx(null))).toBe(true);
    expect(canSetNewEventTarget(ctx(null, { permissions: ['event.update'] }))).toBe(false);
    expect(canSetNewEventTarget(ctx(own()))).toBe(false);
  });

  it('terrain editable unless the category says readonly', () => {
    expect(canEditTerrain(ctx(own()), data())).toBe(true);
    expect(canEditTerrain(ctx(own({ eventCategoryId: 21 })), data())).toBe(false);
  });

  it('destination: set with update Event; remove only when there is one', () => {
    expect(canSetDestination(ctx(own()), data())).toBe(true);
    expect(canRemoveDestination(ctx(own()), data())).toBe(false);
    expect(canRemoveDestination(ctx(own({ destinationLatitude: 50, destinationLongitude: 14 })), data())).toBe(true);
    expect(canSetDestination(ctx(own(), { permissions: [] }), data())).toBe(false);
  });

  it('plain coordinates and custom points ask for the terrain; other points do not', () => {
    const d = data();
    const at = (pointId: string | null) => pointUnder({ feature: pointId ? new Feature({ pointId }) : null }, d);
    expect(needsTerrain(at(null))).toBe(true);
    expect(needsTerrain(at('p2'))).toBe(true);
    expect(at('p1')?.title).toBe('Kolín');
    expect(needsTerrain(at('p1'))).toBe(false);
  });

  it('the menu shows the target items by these rules', () => {
    const keys = (c: MapMenuContext) => visibleItems(eventItems, c).map((i) => i.key);
    expect(keys(ctx(own()))).toEqual(['event-target', 'destination-set']);
    expect(keys(ctx(null))).toEqual(['event-target-new']);
    expect(keys(ctx(own(), { permissions: [] }))).toEqual([]);
  });
});

describe('notes', () => {
  it('manage Message2 (no MNG), a saved active event, not call/chat/monitor/support', () => {
    expect(canAddNote(ctx(own()), data())).toBe(true);
    for (const id of [7, 9, 12, 14]) expect(canAddNote(ctx(own({ eventCategoryId: id })), data())).toBe(false);
    expect(canAddNote(ctx(own({ eventCategoryId: 15 })), data())).toBe(true);
    expect(canAddNote(ctx({ uuid: 'l', id: null, eventCategoryId: 5 }), data())).toBe(false);
    expect(canAddNote(ctx(own(), { user: { baseId: 3, groups: ['MNG'] } }), data())).toBe(false);
    expect(canAddNote(ctx(own({ eventStateId: 5 })), data())).toBe(false);
  });

  it('editing a note follows the rule of the note’s event', () => {
    const other = makeEvent(11, { eventCategoryId: 7, eventStateId: 2 });
    const d = data([own(), other]);
    expect(canEditNote(ctx(own()), d, 10)).toBe(true);
    expect(canEditNote(ctx(own()), d, 11)).toBe(false);
    expect(canEditNote(ctx(own()), d, 99)).toBe(false);
  });
});

describe('drawing', () => {
  it('a saved active event of the user’s base only', () => {
    expect(canDrawOnActive(ctx(own()))).toBe(true);
    expect(canDrawOnActive(ctx(own({ baseId: 2 }), { user: { baseId: 3 } }))).toBe(false);
    expect(canDrawOnActive(ctx(own({ baseId: 4 }), { user: { baseId: 2 } }))).toBe(false); // central is no exception
    expect(canDrawOnActive(ctx({ uuid: 'l', id: null, baseId: 3 }))).toBe(false);
    expect(canDrawOnActive(ctx(own({ eventStateId: 6 })))).toBe(false);
  });

  it('editing a geo object: only of the active event, by the same rule', () => {
    const d = data([own(), makeEvent(11, { baseId: 3 })]);
    expect(canEditGeo(ctx(own()), d, 10)).toBe(true);
    expect(canEditGeo(ctx(own()), d, 11)).toBe(false);
    expect(canEditGeo(ctx(own({ baseId: 4 })), data([own({ baseId: 4 })]), 10)).toBe(false);
  });
});

describe('linking', () => {
  const cois = { baseId: 2, groups: ['COIS'] };
  it('group COIS, a linkable category (type event), saved, with a target and no parent', () => {
    expect(canStartLinking(ctx(own(), { user: cois }), data())).toBe(true);
    expect(canStartLinking(ctx(own(), { user: { baseId: 2 } }), data())).toBe(false);
    expect(canStartLinking(ctx(own({ eventCategoryId: 7 }), { user: cois }), data())).toBe(false);
    expect(canStartLinking(ctx(own({ parentId: 4 }), { user: cois }), data())).toBe(false);
    expect(canStartLinking(ctx(own({ targetLatitude: null }), { user: cois }), data())).toBe(false);
  });

  it('the reduced menu holds only the linking items; "here" needs another event’s target under the pointer', () => {
    const other = makeEvent(11, { uuid: 'other' });
    const d = data([own(), other]);
    const target = new Feature({ kind: 'event-target', eventUuid: 'other' });
    expect(linkTargetUnder(ctx(own(), { feature: target }), d)?.id).toBe(11);
    expect(
      linkTargetUnder(ctx(own(), { feature: new Feature({ kind: 'event-target', eventUuid: 'uuid-10' }) }), d),
    ).toBeNull();
    // a vehicle standing on the target is topmost: the target below it still counts
    const vehicle = new Feature({ kind: 'vehicle' });
    expect(linkTargetUnder(ctx(own(), { feature: vehicle }), d)).toBeNull();
    expect(linkTargetUnder(ctx(own(), { feature: vehicle }), d, [vehicle, target])?.id).toBe(11);
    useEntitiesStore.setState({ eventCategories: d.categories, events: d.events });
    const keys = (c: MapMenuContext) => visibleItems([...eventItems, ...linkItems], c).map((i) => i.key);
    expect(keys(ctx(own(), { user: cois, reduced: true, feature: target }))).toEqual([
      'link-here',
      'link-list',
      'link-cancel',
    ]);
    expect(keys(ctx(own(), { user: cois, reduced: true }))).toEqual(['link-list', 'link-cancel']);
    expect(keys(ctx(own(), { user: cois }))).toEqual(['link-start']); // central: not own base, no target items
  });
});
