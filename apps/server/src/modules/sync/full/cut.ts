/**
 * The shared full bundle as one visibility class gets it (visibilityClass in ../visibility.ts): its events,
 * children, links, tags and devices, by the same rules as buildFull's queries (isEventVisible is
 * eventVisibleSql on a loaded event). Made once per state and class; the user's parts are added per request
 * (personal.ts).
 */
import { BUNDLE_KEYS } from '@panel/domain/sync';
import { MESSAGE_CATEGORY } from '@panel/domain/constants';
import type { LoadedEvent } from '../loaders.js';
import { presentLoadedEvent } from '../loaders.js';
import { isEventVisible, seesAllDevices, seesTag, visibilityClass, type Viewer } from '../../../sync/visibility.js';
import { resourcesFor } from '../resourceView.js';
import { splitAt } from './pieces.js';
import { PLAIN_CHILD_KEYS, type FullState, type MessagePiece } from './state.js';

/** An event as UTF-8 JSON cut at its message counts (`messages`), with its message totals per category. */
export interface EventPiece {
  id: number;
  head: Buffer;
  tail: Buffer;
  totals: ReadonlyMap<number, number> | undefined;
}

export interface ClassCut {
  /** the answer's bytes up to the events list: `{"bases":…,"devices":[…],"events":` */
  beforeEvents: Buffer;
  /** between the events and the messages lists: `,"eventToEvent":…,"eventContacts":[…],"messages":` */
  beforeMessages: Buffer;
  events: EventPiece[];
  /** the shared messages of the class's events, ascending ids */
  messages: MessagePiece[];
  /** their bytes joined by commas (no brackets), each read flag 0, and where each message starts in them */
  messageBytes: Buffer;
  messageStarts: Int32Array;
  messageIds: ReadonlySet<number>;
  /** per event: the message categories of its conversations (its own and the spec's two) */
  conversationCategories: ReadonlyMap<number, ReadonlySet<number>>;
  /** conversations with messages: event, category, lowest shared message id (NO_ID without one) */
  pairList: [number, number, number][];
}

/** Event texts per loaded event (a patch replaces the object of a changed event) and C_-tag visibility. */
const eventTexts = new WeakMap<LoadedEvent, Map<boolean, [Buffer, Buffer]>>();

function eventText(state: FullState, l: LoadedEvent, viewer: Viewer): [Buffer, Buffer] {
  const seesCentralTags = seesTag(viewer, { code: 'C_' });
  let byTags = eventTexts.get(l);
  if (!byTags) eventTexts.set(l, (byTags = new Map()));
  let text = byTags.get(seesCentralTags);
  if (!text) {
    const [head, tail] = splitAt(presentLoadedEvent(l, state.parts, undefined, viewer), 'messages');
    text = [Buffer.from(head), Buffer.from(tail)];
    byTags.set(seesCentralTags, text);
  }
  return text;
}

const NO_ID = 2147483647;
const COMMA = Buffer.from(',');
const SPEC_CATEGORIES = Object.values(MESSAGE_CATEGORY);

function makeCut(state: FullState, viewer: Viewer): ClassCut {
  const visible = [...state.events.values()]
    .filter((l) => isEventVisible(viewer, { baseId: l.row.baseId, eventToBase: l.eventToBase }))
    .sort((a, b) => a.row.id - b.row.id);
  const ids = new Set(visible.map((l) => l.row.id));

  const lists: Record<string, unknown[]> = {};
  for (const [key, rows] of state.catalogues) lists[key] = rows;
  lists.tags = (state.catalogues.get('tags') as { code: string }[]).filter((tag) => seesTag(viewer, tag));
  lists.devices = seesAllDevices(viewer)
    ? state.devices
    : viewer.baseId == null
      ? []
      : state.devices.filter((d) => d.baseId === viewer.baseId);
  lists.eventToEvent = state.links.filter((l) => ids.has(l.sourceEventId) || ids.has(l.targetEventId));
  lists.resources = resourcesFor(viewer, state.resources, (id) => {
    const l = state.events.get(id);
    return l && { baseId: l.row.baseId, eventToBase: l.eventToBase };
  });
  for (const key of PLAIN_CHILD_KEYS) lists[key] = state.children.get(key)!.filter((r) => ids.has(r.eventId));
  const fragment = (key: string) => `${JSON.stringify(key)}:${JSON.stringify(lists[key] ?? [])}`;
  const at = (key: string) => BUNDLE_KEYS.indexOf(key as (typeof BUNDLE_KEYS)[number]);
  const beforeEvents = `{${BUNDLE_KEYS.slice(0, at('events')).map(fragment).join(',')},"events":`;
  const beforeMessages = `,${BUNDLE_KEYS.slice(at('events') + 1, at('messages'))
    .map(fragment)
    .join(',')},"messages":`;
  // the per-user lists sit where buildFull has them: the key order above must still hold
  if (at('messages') !== BUNDLE_KEYS.length - 1 || at('events') > at('messages')) throw new Error('bundle key order');

  const events: EventPiece[] = [];
  const messages: MessagePiece[] = [];
  const conversationCategories = new Map<number, Set<number>>();
  const pairList: [number, number, number][] = [];
  for (const l of visible) {
    const id = l.row.id;
    const [head, tail] = eventText(state, l, viewer);
    const totals = state.totals.get(id);
    events.push({ id, head, tail, totals });
    const shared = state.messages.get(id) ?? [];
    messages.push(...shared);
    conversationCategories.set(
      id,
      new Set([...(state.parts.conversations.get(id) ?? []).map((c) => c.type), ...SPEC_CATEGORIES]),
    );
    for (const category of totals?.keys() ?? []) {
      let lowest = NO_ID;
      for (const m of shared) if (m.category === category && m.id < lowest) lowest = m.id;
      pairList.push([id, category, lowest]);
    }
  }
  messages.sort((a, b) => a.id - b.id);
  const messageStarts = new Int32Array(messages.length);
  const chunks: Buffer[] = [];
  let offset = 0;
  for (const [i, m] of messages.entries()) {
    if (i > 0) {
      chunks.push(COMMA);
      offset += 1;
    }
    messageStarts[i] = offset;
    chunks.push(m.bytes);
    offset += m.bytes.length;
  }
  return {
    beforeEvents: Buffer.from(beforeEvents),
    beforeMessages: Buffer.from(beforeMessages),
    events,
    messages,
    messageBytes: Buffer.concat(chunks, offset),
    messageStarts,
    messageIds: new Set(messages.map((m) => m.id)),
    conversationCategories,
    pairList,
  };
}

/** Cuts per state and class, made on first use (a state lives until the next revision is asked for). */
const cuts = new WeakMap<FullState, Map<string, ClassCut>>();

export function classCut(state: FullState, viewer: Viewer): ClassCut {
  let byClass = cuts.get(state);
  if (!byClass) cuts.set(state, (byClass = new Map()));
  const key = visibilityClass(viewer);
  let cut = byClass.get(key);
  if (!cut) byClass.set(key, (cut = makeCut(state, viewer)));
  return cut;
}
